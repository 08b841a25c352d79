import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has the defaults of the design', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      APP_ENV: 'development',
      TOKEN_TTL_HOURS: 12,
      ADMIN_EMAIL: 'admin@kantora.local',
      MAX_UPLOAD_MB: 25,
      DOCUMENT_FLOW_LOCK_DAYS: 5,
      TIMESHEET_LOCK_DAYS: 10,
      DATABASE_POOL_SIZE: 20,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBeUndefined();
  });

  it('reads values and treats empty ones as unset', () => {
    const config = loadConfig({ PORT: '9000', SEED_DEMO: 'false', DATABASE_URL: '', APP_ENV: 'production' });
    expect(config.PORT).toBe(9000);
    expect(config.SEED_DEMO).toBe(false);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.APP_ENV).toBe('production');
    expect(loadConfig({ DATABASE_POOL_SIZE: '8' }).DATABASE_POOL_SIZE).toBe(8);
  });

  it.each([
    ['PORT', '70000'],
    ['APP_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://x'],
    ['JWT_SECRET', 'short'],
    ['TOKEN_TTL_HOURS', '-1'],
    ['MAX_UPLOAD_MB', '0'],
    ['DATABASE_POOL_SIZE', '0'],
    ['SEED_DEMO', 'maybe'],
    ['ADMIN_EMAIL', 'not-an-email'],
  ])('names the variable when %s=%s is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid setting ${name}=`));
  });
});
