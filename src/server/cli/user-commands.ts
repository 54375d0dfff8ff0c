/**
 * `hookwise user …`: console accounts from the command line — the first owner of a tenant, and
 * a way back in when every owner is locked out. A password is read from stdin
 * (--password-stdin), or generated and printed once; it never appears in an argument.
 */
import type { Command } from 'commander';
import { newUserSchema, passwordSchema, ROLES, type CreatedUser, type Role } from '@shared/admin-api';
import {
  changeUser,
  createUser,
  findUserId,
  generatePassword,
  setPassword,
  usersOf,
} from '../modules/accounts/accounts.service';
import { resetMfa } from '../modules/accounts/mfa.service';
import { withDatabase } from './cli-context';
import { formatTable, output } from './output';

const passwordNotice = 'Keep the password now: it is shown once and only its argon2id hash is stored.';

export function addUserCommands(program: Command): void {
  const user = program
    .command('user')
    .description('console users: create, list, set-role, reset-password, reset-mfa, disable');

  user
    .command('create <email>')
    .description('add a console user to a tenant (prints a generated password once)')
    .requiredOption('--tenant <id>', 'tenant id')
    .option('--name <name>', 'display name (default: the email)')
    .option('--role <role>', `one of ${ROLES.join(', ')}`, 'operator')
    .option('--password-stdin', 'read the password from stdin instead of generating one')
    .option('--json', 'print JSON')
    .action(
      (
        email: string,
        options: { tenant: string; name?: string; role: string; passwordStdin?: boolean; json?: boolean },
      ) =>
        withDatabase(async (_config, { db }) => {
          const password = options.passwordStdin ? await readPassword() : generatePassword();
          const input = newUserSchema.parse({
            email,
            name: options.name ?? email,
            role: options.role,
            password,
          });
          const created = await createUser(db, options.tenant, input);
          const shown: CreatedUser = { ...created, ...(options.passwordStdin ? {} : { password }) };
          output(options, shown, () =>
            [
              `User:     ${created.email} (${created.role})`,
              ...(options.passwordStdin ? [] : [`Password: ${password}`, passwordNotice]),
            ].join('\n'),
          );
        }),
    );

  user
    .command('list')
    .description('list console users')
    .option('--tenant <id>', 'only this tenant')
    .option('--json', 'print JSON')
    .action((options: { tenant?: string; json?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const users = await usersOf(db, options.tenant);
        output(options, users, () =>
          formatTable(users, ['email', 'name', 'role', 'disabled', 'last_sign_in_at']),
        );
      }),
    );

  user
    .command('set-role <email> <role>')
    .description(`change a user's role (${ROLES.join(', ')}); their sessions end`)
    .action((email: string, role: string) =>
      withDatabase(async (_config, { db }) => {
        if (!ROLES.includes(role as Role)) throw new Error(`The role must be one of ${ROLES.join(', ')}`);
        const found = await findUserId(db, email);
        const changed = await changeUser(db, undefined, found.id, { role: role as Role });
        process.stdout.write(`${changed.email} is now ${changed.role}\n`);
      }),
    );

  user
    .command('reset-password <email>')
    .description(
      'set a new password (generated and printed once, or from stdin); sessions end and a lockout clears',
    )
    .option('--password-stdin', 'read the password from stdin instead of generating one')
    .action((email: string, options: { passwordStdin?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const password = options.passwordStdin ? await readPassword() : generatePassword();
        const found = await findUserId(db, email);
        await setPassword(db, undefined, found.id, passwordSchema.parse(password), { clearLockout: true });
        process.stdout.write(
          options.passwordStdin
            ? `Password of ${email} changed\n`
            : `Password: ${password}\n${passwordNotice}\n`,
        );
      }),
    );

  user
    .command('reset-mfa <email>')
    .description("turn a user's two-step sign-in off (a lost phone); their sessions end")
    .action((email: string) =>
      withDatabase(async (_config, { db }) => {
        const found = await findUserId(db, email);
        // A way back in around the console: the tenant's audit log still shows it (cli:<user>).
        await resetMfa(db, undefined, found.id);
        process.stdout.write(`Two-step sign-in of ${email} is off: they can set it up again\n`);
      }),
    );

  user
    .command('disable <email>')
    .description('disable a user (their sessions end); --enable undoes it')
    .option('--enable', 'enable the user again')
    .action((email: string, options: { enable?: boolean }) =>
      withDatabase(async (_config, { db }) => {
        const found = await findUserId(db, email);
        const changed = await changeUser(db, undefined, found.id, { disabled: !options.enable });
        process.stdout.write(`${changed.email} is ${changed.disabled ? 'disabled' : 'enabled'}\n`);
      }),
    );
}

/** The first line of stdin: a password piped in (`printf %s "$PW" | hookwise user …`). */
async function readPassword(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}
