import { lazy, Suspense } from 'react';
import { useMyArrears } from '../api/get-my-arrears.ts';

// Loaded only for a member who owes arrears: everyone else's first visit (issue 13's page weight)
// downloads none of the card's code.
const ArrearsCard = lazy(async () => ({ default: (await import('./arrears-card.tsx')).ArrearsCard }));

/** The member's contribution arrears (issue 30), shown only when they owe any; a failed read shows nothing. */
export function MyArrears() {
  const arrears = useMyArrears();
  if (!arrears.data || arrears.data.items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ArrearsCard arrears={arrears.data} />
    </Suspense>
  );
}
