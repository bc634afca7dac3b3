import { describe, expect, it } from 'vitest';
import { asKobo } from './money.ts';
import { approveQuestion, requestSentNotice } from './savings-request-labels.ts';

const tunde = { userId: 'u1', name: 'Tunde Bello', staffId: 'STF001', email: 'tunde@kobo.test' };
const bola = { userId: 'u2', name: 'Bola Ade', staffId: 'STF002', email: 'bola@kobo.test' };

describe('the sentences around a savings request (issue 15)', () => {
  it('tells a maker who must act, with the amount, and never says processed', () => {
    expect(requestSentNotice({ origin: 'two_person', type: 'withdrawal', amountKobo: asKobo(6_000_000) })).toBe(
      'Sent for approval: another administrator must approve this withdrawal of ₦60,000.00',
    );
    expect(requestSentNotice({ origin: 'two_person', type: 'transfer', amountKobo: asKobo(5_500_000) })).toBe(
      'Sent for approval: another administrator must approve this transfer of ₦55,000.00',
    );
    expect(requestSentNotice({ origin: 'member', type: 'deposit', amountKobo: asKobo(200_050) })).toBe(
      'Request sent: an administrator will confirm your deposit of ₦2,000.50',
    );
    expect(requestSentNotice({ origin: 'member', type: 'withdrawal', amountKobo: asKobo(50_000) })).toBe(
      'Request sent: an administrator will confirm your withdrawal of ₦500.00',
    );
  });

  it('asks before approving, naming whose money goes where', () => {
    expect(approveQuestion({ type: 'withdrawal', amountKobo: asKobo(6_000_000), holder: tunde, to: null })).toBe(
      'Approve the withdrawal of ₦60,000.00 from Tunde Bello? It is posted at once.',
    );
    expect(approveQuestion({ type: 'deposit', amountKobo: asKobo(200_050), holder: tunde, to: null })).toBe(
      'Approve the deposit of ₦2,000.50 for Tunde Bello? It is posted at once.',
    );
    expect(approveQuestion({ type: 'transfer', amountKobo: asKobo(5_500_000), holder: tunde, to: bola })).toBe(
      'Approve the transfer of ₦55,000.00 from Tunde Bello to Bola Ade? It is posted at once.',
    );
    expect(approveQuestion({ type: 'withdrawal', amountKobo: asKobo(100), holder: null, to: null })).toBe(
      'Approve the withdrawal of ₦1.00 from a removed holder? It is posted at once.',
    );
  });
});
