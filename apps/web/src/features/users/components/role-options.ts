import { ROLES, ROLE_LABELS } from '@kobo/core';

/** The four roles of SPEC 6 as select options, in the spec's order. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
