const ONES = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion'];

/** 0–999 in British English words ('two hundred and twenty-one'). */
function belowThousand(value: number): string {
  const hundreds = Math.trunc(value / 100);
  const rest = value % 100;
  const tens = rest < 20 ? ONES[rest] : `${TENS[Math.trunc(rest / 10)]}${rest % 10 ? `-${ONES[rest % 10]}` : ''}`;
  if (hundreds === 0) return tens ?? '';
  return rest === 0 ? `${ONES[hundreds]} hundred` : `${ONES[hundreds]} hundred and ${tens}`;
}

/** A whole number in words: 221800 → 'two hundred and twenty-one thousand, eight hundred'. */
function wholeInWords(value: number): string {
  if (value === 0) return 'zero';
  const groups: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0; scale += 1) {
    const group = rest % 1000;
    if (group > 0) groups.unshift(`${belowThousand(group)}${SCALES[scale] ? ` ${SCALES[scale]}` : ''}`);
    rest = Math.trunc(rest / 1000);
  }
  // 'one thousand and five': a last group below a hundred joins with 'and', as a cheque writes it.
  const last = value % 1000;
  if (groups.length > 1 && last > 0 && last < 100) return `${groups.slice(0, -1).join(', ')} and ${groups.at(-1) ?? ''}`;
  return groups.join(', ');
}

/**
 * An amount in words as a payment voucher writes it: 22180000 kobo → 'Two hundred and twenty-one
 * thousand, eight hundred naira only'; 13308050 → '… naira and fifty kobo'.
 */
export function nairaInWords(kobo: number): string {
  const abs = Math.abs(Math.trunc(kobo));
  const naira = Math.trunc(abs / 100);
  const rest = abs % 100;
  const text = rest === 0 ? `${wholeInWords(naira)} naira only` : `${wholeInWords(naira)} naira and ${wholeInWords(rest)} kobo`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
