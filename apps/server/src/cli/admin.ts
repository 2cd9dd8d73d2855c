import { eq } from 'drizzle-orm';
import { openConfiguredDatabase } from '../db/open-configured';
import { prepareDatabase } from '../db/prepare';
import { user } from '../db/schema';
import { InvalidEnvError, parseEnv } from '../env';
import { normalizeEmail } from '../users/service';

const USAGE = `Usage: npm run admin -- <command>

  grant EMAIL    make the account with this e-mail an admin
  revoke EMAIL   make it a customer again
  list           list the admins`;

/** `npm run admin -- grant EMAIL`: role changes from the shell, on the database the environment names. */
async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (!(command === 'list' || ((command === 'grant' || command === 'revoke') && email))) {
    console.error(USAGE);
    return 2;
  }

  const database = await openConfiguredDatabase(parseEnv());
  try {
    await prepareDatabase(database, { seed: false });
    if (command === 'list') {
      const admins = await database.db.select({ email: user.email }).from(user).where(eq(user.role, 'admin'));
      console.log(admins.length ? admins.map((admin) => admin.email).join('\n') : '(no admins)');
      return 0;
    }
    const role = command === 'grant' ? 'admin' : 'customer';
    const updated = await database.db
      .update(user)
      .set({ role })
      .where(eq(user.email, normalizeEmail(email!)))
      .returning({ email: user.email });
    if (updated.length === 0) {
      console.error(`No account with the e-mail ${email}. The person must sign up first.`);
      return 1;
    }
    console.log(`${updated[0]!.email} is now ${role === 'admin' ? 'an admin' : 'a customer'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof InvalidEnvError || error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
