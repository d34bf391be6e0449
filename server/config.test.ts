import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

const base = { SECRET_KEY: 'test-secret-key-0123456789abcdef', DATA_DIR: '/tmp/trellis-config-test' };
const load = (env: Record<string, string>) => loadConfig({ ...base, ...env }, { persistSecret: false });

describe('TRUST_PROXY', () => {
  test('is off unless set', () => {
    expect(load({}).TRUST_PROXY).toEqual([]);
    expect(load({ TRUST_PROXY: '' }).TRUST_PROXY).toEqual([]);
    expect(load({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual([]);
    expect(load({ TRUST_PROXY: 'false' }).TRUST_PROXY).toEqual([]);
  });

  test('takes a comma-separated list of addresses, CIDR blocks and named ranges', () => {
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,fd00::/8 ,::1,uniquelocal' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'uniquelocal',
    ]);
  });

  test.each(['1', 'true', 'proxy.example.com', '10.0.0.0/33', '::/129', '10.0.0.1/8/8', '999.1.1.1', '10.0.0.0/x'])('refuses %s at start, naming the variable', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY must be off \(0\) or a comma-separated list/);
  });
});
