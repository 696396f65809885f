// npm run admin:create -- --username NAME --type founder|manager|college [--real-name 姓名] [--organization CODE]
// Creates an administrator in the configured database (DATA_DIR or DATABASE_URL), typically the first
// founder of a deployment started with DEMO=false. The password comes from ADMIN_PASSWORD or a prompt
// that does not echo; it must satisfy the same rules as every other password.
// With the embedded database, stop the server first: PGlite allows one process per data directory.
import { Writable } from 'node:stream';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ADMINISTRATOR_TYPES, type AdministratorType } from '../../shared/api/constants.ts';
import { validatePassword } from '../../shared/auth/password.ts';
import { createAdministrator } from '../accounts/service.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { organizations } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';

const USAGE =
  '用法: npm run admin:create -- --username <用户名> --type <founder|manager|college> [--real-name <姓名>] [--organization <机构代码>]\n' +
  '密码从环境变量 ADMIN_PASSWORD 读取；未设置时在终端中输入（不回显）。';

/** Reads one line without echoing it (the prompt itself is shown). */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  process.stdout.write(question);
  muted = true;
  try {
    return await new Promise<string>((resolve, reject) => {
      rl.once('line', resolve);
      rl.once('close', () => reject(new Error('未读取到密码')));
    });
  } finally {
    muted = false;
    rl.close();
    process.stdout.write('\n');
  }
}

async function readPassword(username: string): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined) return fromEnv;
  if (!process.stdin.isTTY) throw new Error('请通过环境变量 ADMIN_PASSWORD 提供密码（当前不是交互式终端）');
  for (;;) {
    const password = await promptHidden('密码: ');
    const problem = validatePassword(password, username);
    if (problem) {
      console.error(problem);
      continue;
    }
    if ((await promptHidden('再次输入密码: ')) === password) return password;
    console.error('两次输入的密码不一致，请重新输入');
  }
}

class CliError extends Error {}

function fail(message: string): never {
  throw new CliError(message);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        type: { type: 'string' },
        'real-name': { type: 'string' },
        organization: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const username = values.username?.trim();
  const type = values.type as AdministratorType | undefined;
  if (!username) fail(`缺少 --username\n${USAGE}`);
  if (!type || !ADMINISTRATOR_TYPES.includes(type))
    fail(`--type 只能是 ${ADMINISTRATOR_TYPES.join('、')}\n${USAGE}`);

  const password = await readPassword(username);
  const problem = validatePassword(password, username);
  if (problem) fail(`密码不符合要求：${problem}`);

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    let organizationId: number | null = null;
    if (values.organization) {
      const [org] = await database.db
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.code, values.organization));
      if (!org) fail(`机构代码 ${values.organization} 不存在`);
      organizationId = org.id;
    }
    const admin = await database.db.transaction(async (tx) => {
      const created = await createAdministrator(tx, {
        username,
        password,
        realName: values['real-name']?.trim() || username,
        administratorType: type,
        organizationId,
      });
      await writeSystemLog(tx, null, null, {
        action: 'administrator.create',
        targetType: 'administrator',
        targetId: created.id,
        detail: {
          username: created.username,
          administrator_type: created.administratorType,
          via: 'admin:create',
        },
      });
      return created;
    });
    console.log(
      `已创建管理员 ${admin.username}（${admin.realName}，类型 ${admin.administratorType}，id ${admin.id}，数据库 ${database.kind}）`,
    );
  } catch (error) {
    if (error instanceof AppError) {
      const details = Object.values(error.errors ?? {}).flat();
      fail(`创建失败：${details.length ? details.join('；') : error.message}`);
    }
    throw error;
  } finally {
    await database.close();
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
