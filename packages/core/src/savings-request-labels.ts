import { formatNaira } from './money.ts';
import { SAVINGS_REQUEST_TYPE_LABELS, type SavingsRequestView } from './savings-requests.ts';

/** The sentences the screens build around one savings request (issue 15), with its amount in them. */

/** 'withdrawal of ₦50,000.00': the request as a phrase inside a sentence. */
function requestPhrase(request: Pick<SavingsRequestView, 'type' | 'amountKobo'>): string {
  return `${SAVINGS_REQUEST_TYPE_LABELS[request.type].toLowerCase()} of ${formatNaira(request.amountKobo)}`;
}

/**
 * What a maker is told when a posting became a request instead of moving money: never
 * "processed", since nothing is posted until an administrator says so.
 */
export function requestSentNotice(request: Pick<SavingsRequestView, 'origin' | 'type' | 'amountKobo'>): string {
  return request.origin === 'two_person'
    ? `Sent for approval: another administrator must approve this ${requestPhrase(request)}`
    : `Request sent: an administrator will confirm your ${requestPhrase(request)}`;
}

/** Asked before approving: 'Approve the withdrawal of ₦50,000.00 from Tunde Bello? It is posted at once.' */
export function approveQuestion(request: Pick<SavingsRequestView, 'type' | 'amountKobo' | 'holder' | 'to'>): string {
  const holder = request.holder?.name ?? 'a removed holder';
  const where =
    request.type === 'deposit'
      ? `for ${holder}`
      : request.type === 'transfer'
        ? `from ${holder} to ${request.to?.name ?? 'a removed holder'}`
        : `from ${holder}`;
  return `Approve the ${requestPhrase(request)} ${where}? It is posted at once.`;
}
