import { useState } from 'react';

/** A server's refusal of a reason dialog: beside the reason when it names it, else in the banner. */
export type ReasonRefusal = { message: string; isAboutReason: boolean } | null;

/**
 * A reason dialog's refusal arrives as a prop (its caller owns the request): each new one goes
 * through the form's useFormProblems once — beside the reason when it names it, else in the banner —
 * so editing the reason clears it as it clears a blank (issue 34, decision 060). Compared by value:
 * callers build the refusal afresh on each render.
 */
export function useRefusalShown(refusal: ReasonRefusal, show: (message: string, field: 'reason' | null) => void) {
  const key = refusal ? `${refusal.isAboutReason ? 'reason' : ''}:${refusal.message}` : null;
  const [shownKey, setShownKey] = useState<string | null>(null);
  if (key !== shownKey) {
    setShownKey(key);
    if (refusal) show(refusal.message, refusal.isAboutReason ? 'reason' : null);
  }
}
