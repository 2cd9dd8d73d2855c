import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { uploadMessages } from '@toolshop/shared/upload';
import { signUp } from '../test/accounts';
import { useTestApp } from '../test/build-test-app';
import { canvas, fileForm, imageCalls } from './test-uploads';

const t = useTestApp({ seed: false });
const { upload, accountId } = imageCalls(t);

// Read outside the other transaction, which would see one snapshot of the statistics throughout.
const uploadsWaiting = async () =>
  (
    (await t.db.execute(
      sql`select 1 from pg_stat_activity where wait_event_type = 'Lock'
          and query ilike '%insert into "upload_attempts"%' and pid <> pg_backend_pid()`,
    )) as unknown as { rows: unknown[] }
  ).rows.length;

/**
 * An upload sent while another instance's upload of the same account is caught the moment it records its
 * attempt (a transaction on its own connection that inserted it and has not committed yet); `settle` then
 * commits or rolls that transaction back, and the upload's answer follows.
 */
async function uploadWhileAnotherIsRecording(settle: 'commit' | 'rollback') {
  const account = await signUp(t.app);
  const other = new pg.Client({ connectionString: t.handle.url });
  await other.connect();
  try {
    await other.query('begin');
    await other.query('insert into upload_attempts (account_id) values ($1)', [await accountId(account)]);
    const png = await canvas(100, 100).png().toBuffer();
    const answer = upload(account, fileForm(png, 'tool.png', 'image/png'));
    await expect.poll(uploadsWaiting, { timeout: 20_000 }).toBe(1);
    await other.query(settle);
    return await answer;
  } finally {
    await other.end();
  }
}

describe('one upload at a time per account, across instances (PostgreSQL)', () => {
  it('refuses an upload with 429 once the same account’s upload on another instance is recorded', async () => {
    const response = await uploadWhileAnotherIsRecording('commit');

    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: { code: 'too_many_requests', message: uploadMessages.oneAtATime },
    });
  });

  it('lets the upload through when the other instance’s attempt never happened (rolled back)', async () => {
    const response = await uploadWhileAnotherIsRecording('rollback');

    expect(response.statusCode, response.body).toBe(201);
  });
});
