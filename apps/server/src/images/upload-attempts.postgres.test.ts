import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { uploadMessages } from '@toolshop/shared/upload';
import { signUp, type TestAccount } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { canvas, fileForm, imageCalls } from './test-uploads';

const t = useTestApp({ seed: false, secondInstance: true });
const { upload, accountId } = imageCalls(t);

/**
 * Another instance's upload of the same account, caught the moment it records its attempt: a transaction
 * on its own connection that inserted the attempt and has not committed yet.
 */
let otherInstance: pg.Client;
let account: TestAccount;

beforeEach(async () => {
  account = await signUp(t.app);
  otherInstance = new pg.Client({ connectionString: t.handle.url });
  await otherInstance.connect();
  await otherInstance.query('begin');
  await otherInstance.query('insert into upload_attempts (account_id) values ($1)', [
    await accountId(account),
  ]);
});

afterEach(async () => {
  await otherInstance.end();
});

// Read outside the other transaction, which would see one snapshot of the statistics throughout.
const uploadsWaiting = async () =>
  (
    (await t.db.execute(
      sql`select 1 from pg_stat_activity where wait_event_type = 'Lock'
          and query ilike '%insert into "upload_attempts"%' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: unknown[] }
  ).rows.length;

async function uploadWhileTheOtherIsRecording() {
  const png = await canvas(100, 100).png().toBuffer();
  const answer = upload(account, fileForm(png, 'tool.png', 'image/png'));
  await expect.poll(uploadsWaiting).toBe(1);
  return answer;
}

describe('one upload at a time per account, across instances (PostgreSQL)', () => {
  it('refuses an upload with 429 once the same account’s upload on another instance is recorded', async () => {
    const answer = uploadWhileTheOtherIsRecording();

    await otherInstance.query('commit');

    const response = await answer;
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'too_many_requests', message: uploadMessages.oneAtATime },
    });
  });

  it('lets the upload through when the other instance’s attempt never happened (rolled back)', async () => {
    const answer = uploadWhileTheOtherIsRecording();

    await otherInstance.query('rollback');

    expect((await answer).statusCode).toBe(201);
  });
});
