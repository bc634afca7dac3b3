import { Text, VisuallyHidden } from '@mantine/core';
import { formatNaira, type RecoveryShareStanding } from '@kobo/core';
import classes from '../../../components/figures.module.css';

/**
 * Issue 34: under a guarantor's share of a proposed recovery, their savings now and what would be
 * available to them once the share is taken (figures from the API, as the requests' Standing), so
 * the checker sees what the approval leaves. It wraps rather than widen a phone's card. A screen
 * reader skips the dot and hears whose available balance "after" means.
 */
export function ShareStanding({ standing }: { standing: RecoveryShareStanding | null }) {
  if (!standing) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.figure}>
      Savings {formatNaira(standing.balanceKobo)}
      <span aria-hidden="true"> · </span>
      available after {formatNaira(standing.availableAfterKobo)}
      <VisuallyHidden> once this share is taken</VisuallyHidden>
    </Text>
  );
}
