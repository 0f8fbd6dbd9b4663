/**
 * npm run admin -- suspend|resume <email>
 *
 * The operator's commands (docs/design.md §6): suspend or resume the subscription of
 * the farm owned by <email>. On the embedded database it takes the DATA_DIR
 * lock, so it refuses while the server runs; on PostgreSQL it runs beside it.
 */
import { emailSchema } from '@kuku/domain';
import { loadConfig } from '../config.js';
import { describeDatabase, fail, openForCli, out, runCli, UsageError } from './cli.js';
import { FarmSuspensionError, resumeFarm, suspendFarm } from './farm-suspension.js';

const USAGE = 'Usage: npm run admin -- suspend|resume <email>';
const COMMANDS = { suspend: suspendFarm, resume: resumeFarm } as const;

function parseCommand(argv: string[]): { command: keyof typeof COMMANDS; email: string } {
  const [command, email, ...rest] = argv;
  if (!command) throw new UsageError(`Which command?\n${USAGE}`);
  if (command !== 'suspend' && command !== 'resume') throw new UsageError(`Unknown command '${command}'.\n${USAGE}`);
  if (!email) throw new UsageError(`Whose farm? Give the owner's email.\n${USAGE}`);
  if (rest.length) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}\n${USAGE}`);
  if (!emailSchema.safeParse(email).success) throw new UsageError(`'${email}' is not an email address.\n${USAGE}`);
  return { command, email };
}

async function main(): Promise<number> {
  const { command, email } = parseCommand(process.argv.slice(2));
  const config = loadConfig();
  out(`${command === 'suspend' ? 'Suspending' : 'Resuming'} a farm in ${describeDatabase(config)}`);
  const database = await openForCli(config, 'Stop the server first (npm run admin writes to the same database).');
  if (!database) return 1;
  try {
    const outcome = await COMMANDS[command](database.db, email);
    out(outcome.message);
    return 0;
  } catch (error) {
    if (error instanceof FarmSuspensionError) {
      fail(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

runCli('admin', main);
