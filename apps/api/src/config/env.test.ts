import { describe, expect, it } from 'vitest';
import { readEnv, trustProxyOption } from './env.ts';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['FALSE', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.7', ['10.0.0.7']],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['10.0.0.0/8, 192.0.2.7', ['10.0.0.0/8', '192.0.2.7']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
    ['192.0.2.7/32', ['192.0.2.7/32']],
  ])('reads %j as %j', (value, expected) => {
    expect(readEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses true, which would let any client choose its own address, and names the two forms', () => {
    for (const value of ['true', 'TRUE']) {
      expect(() => readEnv({ TRUST_PROXY: value })).toThrow(
        'TRUST_PROXY: TRUST_PROXY=true trusts every hop, so a client could choose its own address. ' +
          'Set the number of proxies in front of Kobo (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7).',
      );
    }
  });

  it.each([
    ['yes', '"yes"'],
    ['-1', '"-1"'],
    ['1.5', '"1.5"'],
    ['proxy.example.ng', '"proxy.example.ng"'],
    ['10.0.0.0/33', '"10.0.0.0/33"'],
    ['10.0.0.0/0', '"10.0.0.0/0"'],
    ['::/0', '"::/0"'],
    ['fd00::/129', '"fd00::/129"'],
    ['10.0.0.0/8/8', '"10.0.0.0/8/8"'],
    ['10.0.0.1,', '""'],
    ['10.0.0.1, nope, 10.0.0.300', '"nope", "10.0.0.300"'],
  ])('refuses %j, naming %s', (value, named) => {
    expect(() => readEnv({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY: not a number of hops, an IP address or a CIDR range: ${named}. ` +
        'Set the number of proxies in front of Kobo (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7).',
    );
  });
});

describe('trustProxyOption', () => {
  it('passes false and address lists to Fastify as they are', () => {
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.0/8'])).toEqual(['10.0.0.0/8']);
  });

  it('spells a hop count out as a function that trusts that many hops, counted from the peer', () => {
    const trust = trustProxyOption(2);
    if (typeof trust !== 'function') throw new Error('expected a function');
    expect([trust('10.0.0.2', 0), trust('10.0.0.3', 1), trust('203.0.113.9', 2)]).toEqual([true, true, false]);
  });
});

describe('throttle settings', () => {
  it('has defaults', () => {
    const env = readEnv({});
    expect({
      SIGN_IN_MAX_FAILURES: env.SIGN_IN_MAX_FAILURES,
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT,
      FORGOT_PASSWORD_MAX_PER_ADDRESS: env.FORGOT_PASSWORD_MAX_PER_ADDRESS,
      FORGOT_PASSWORD_MAX_PER_EMAIL: env.FORGOT_PASSWORD_MAX_PER_EMAIL,
      SIGN_IN_WINDOW_MINUTES: env.SIGN_IN_WINDOW_MINUTES,
    }).toEqual({
      SIGN_IN_MAX_FAILURES: 10,
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: 20,
      FORGOT_PASSWORD_MAX_PER_ADDRESS: 10,
      FORGOT_PASSWORD_MAX_PER_EMAIL: 3,
      SIGN_IN_WINDOW_MINUTES: 15,
    });
  });

  it('reads whole numbers and refuses zero', () => {
    const env = readEnv({ SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '50', FORGOT_PASSWORD_MAX_PER_EMAIL: '1' });
    expect([env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT, env.FORGOT_PASSWORD_MAX_PER_EMAIL]).toEqual([50, 1]);
    expect(() => readEnv({ FORGOT_PASSWORD_MAX_PER_ADDRESS: '0' })).toThrow('FORGOT_PASSWORD_MAX_PER_ADDRESS:');
  });
});
