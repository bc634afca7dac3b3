import { describe, expect, it } from 'vitest';
import { appropriationProblems, minimumReserveKobo, type AppropriationProposal } from './appropriation.ts';

// COOPERATIVE.md: surplus ₦2,000,000 → reserve 25% ₦500,000; dividend ₦600,000; interest ₦800,000;
// education fund ₦50,000; carried forward ₦50,000.
const proposal: AppropriationProposal = {
  surplusKobo: 200_000_000,
  reservePercentBp: 2_500,
  reserveKobo: 50_000_000,
  dividendKobo: 60_000_000,
  savingsInterestKobo: { ordinary: 80_000_000 },
  educationFundKobo: 5_000_000,
  carriedForwardKobo: 5_000_000,
};

describe('an appropriation', () => {
  it('of the worked example may go to the vote', () => {
    expect(appropriationProblems(proposal)).toEqual([]);
  });

  it('keeps the by-laws’ reserve, to the kobo above', () => {
    expect(minimumReserveKobo(200_000_000, 2_500)).toBe(50_000_000);
    expect(minimumReserveKobo(200_000_001, 2_500)).toBe(50_000_001);
    expect(appropriationProblems({ ...proposal, reserveKobo: 40_000_000, carriedForwardKobo: 15_000_000 })).toEqual([
      { field: 'reserveKobo', message: 'The by-laws set the reserve at least 25% of the surplus: ₦500,000.00' },
    ]);
  });

  it('says by how much it distributes more than the surplus less the reserve, beside the part that passes it', () => {
    expect(appropriationProblems({ ...proposal, savingsInterestKobo: { ordinary: 95_000_000 }, carriedForwardKobo: 0 })).toEqual([
      { field: 'savingsInterestKobo.ordinary', message: 'This distributes ₦100,000.00 more than the surplus less the reserve, ₦1,500,000.00' },
      { field: 'carriedForwardKobo', message: 'The parts come to ₦2,100,000.00, ₦100,000.00 more than the surplus of ₦2,000,000.00' },
    ]);
  });

  it('puts the excess beside a later part when the earlier ones fit exactly', () => {
    // ₦600,000 + ₦900,000 is exactly the ₦1,500,000 left after the reserve; the education fund passes it.
    const [excess] = appropriationProblems({ ...proposal, savingsInterestKobo: { ordinary: 90_000_000 }, carriedForwardKobo: 0 });
    expect(excess).toEqual({ field: 'educationFundKobo', message: 'This distributes ₦50,000.00 more than the surplus less the reserve, ₦1,500,000.00' });
  });

  it('tells when the parts do not make the surplus', () => {
    expect(appropriationProblems({ ...proposal, carriedForwardKobo: 0, welfareFundKobo: 2_000_000 })).toEqual([
      { field: 'carriedForwardKobo', message: 'The parts come to ₦1,970,000.00, ₦30,000.00 less than the surplus of ₦2,000,000.00' },
    ]);
  });

  it('refuses a part below ₦0 beside it', () => {
    expect(appropriationProblems({ ...proposal, educationFundKobo: -5_000_000, carriedForwardKobo: 15_000_000 })).toEqual([
      { field: 'educationFundKobo', message: 'This cannot be below ₦0.00' },
    ]);
  });

  it('has nothing to distribute from no surplus or a deficit', () => {
    const none = { ...proposal, reserveKobo: 0, dividendKobo: 0, savingsInterestKobo: {}, educationFundKobo: 0, carriedForwardKobo: 0 };
    expect(appropriationProblems({ ...none, surplusKobo: 0 })).toEqual([
      { field: 'surplusKobo', message: "There is no surplus to distribute: the year's income only met its expenditure" },
    ]);
    expect(appropriationProblems({ ...none, surplusKobo: -12_345_600 })).toEqual([
      { field: 'surplusKobo', message: 'There is no surplus to distribute: the year ends with a deficit of ₦123,456.00' },
    ]);
  });

  it('is refused outright for figures a form would not send', () => {
    expect(() => appropriationProblems({ ...proposal, dividendKobo: 0.5 })).toThrow(RangeError);
    expect(() => appropriationProblems({ ...proposal, reservePercentBp: 10_001 })).toThrow(RangeError);
  });
});
