import { describe, expect, it } from 'vitest';
import { expectNoRowsWritten } from '../../../test/row-counts.ts';
import type { SignedInClient, TestContext } from '../../../test/test-app.ts';
import { addStaff, deposit, openSavingsContext, post, setApprovalSettings } from '../savings-test-support.ts';

// Issue 15 with issue 10's rule: bad input to the request routes is a clear 4xx and changes nothing.
let ctx: TestContext;
let maker: SignedInClient;
openSavingsContext((opened) => ({ ctx, admin: maker } = opened));

const db = () => ctx.app.kobo.database.db;

describe('hostile input to the request routes', () => {
  it('refuses malformed and unknown ids, NUL bytes, huge reasons and bad list queries with a 4xx, writing nothing', async () => {
    const checker = await ctx.signedIn('admin');
    await setApprovalSettings(maker, { threshold: '10', memberPostingsDirect: false });
    const holder = await addStaff(maker);
    await deposit(maker, holder.userId, '100');
    const { request } = (await post(maker, { userId: holder.userId, type: 'withdrawal', amount: '50' })).json();

    await expectNoRowsWritten(db(), async () => {
      const cases: [SignedInClient, string, unknown, number, string][] = [
        [checker, '/api/savings/requests/not-a-uuid/approve', {}, 400, 'VALIDATION'],
        [checker, '/api/savings/requests/00000000-0000-4000-8000-000000000000/approve', {}, 404, 'SAVINGS_REQUEST_NOT_FOUND'],
        [checker, `/api/savings/requests/${request.id}%00/approve`, {}, 400, 'UNSUPPORTED_CHARACTERS'],
        [checker, '/api/savings/requests/00000000-0000-4000-8000-000000000000/decline', { reason: 'Why not' }, 404, 'SAVINGS_REQUEST_NOT_FOUND'],
        [checker, `/api/savings/requests/${request.id}/decline`, { reason: 'Bad\u0000reason' }, 400, 'UNSUPPORTED_CHARACTERS'],
        [checker, `/api/savings/requests/${request.id}/decline`, { reason: 'x'.repeat(501) }, 400, 'VALIDATION'],
        [checker, `/api/savings/requests/${request.id}/decline`, { reason: 'x'.repeat(200_000) }, 400, 'VALIDATION'],
        [checker, `/api/savings/requests/${request.id}/decline`, { reason: 42 }, 400, 'VALIDATION'],
        [checker, `/api/savings/requests/${request.id}/decline`, { reason: ['a'] }, 400, 'VALIDATION'],
        [maker, `/api/savings/requests/${request.id}/cancel`, { reason: 'y'.repeat(501) }, 400, 'VALIDATION'],
        [maker, `/api/savings/requests/${request.id}/cancel`, { reason: '\ud800' }, 400, 'UNSUPPORTED_CHARACTERS'],
        [maker, `/api/savings/requests/${request.id}/cancel`, 'not json', 415, 'VALIDATION'],
      ];
      for (const [client, url, body, status, code] of cases) {
        const answer = await client.post(url, body);
        expect(answer.statusCode, `${url} ${JSON.stringify(body).slice(0, 40)}: ${answer.body}`).toBe(status);
        expect(answer.json().error, url).toBe(code);
        expect(typeof answer.json().message).toBe('string');
      }
      for (const query of ['status=open', 'limit=0', 'limit=101', 'limit=abc', 'before=abc', 'before=0', 'before=99999999999999999999', 'status=%00']) {
        const answer = await maker.get(`/api/savings/requests?${query}`);
        expect(answer.statusCode, query).toBe(400);
      }
      for (const body of [{ twoPersonThreshold: '1\u00000', memberPostingsDirect: false }, { twoPersonThreshold: '1e30', memberPostingsDirect: false }, { twoPersonThreshold: null, memberPostingsDirect: 'yes' }, []]) {
        const answer = await maker.request('PUT', '/api/savings/approval-settings', body);
        expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
    // The request is untouched.
    const pending = (await maker.get('/api/savings/requests?status=pending')).json().requests;
    expect(pending.find((row: { id: string }) => row.id === request.id)).toMatchObject({ status: 'pending', reason: null });
  });
});
