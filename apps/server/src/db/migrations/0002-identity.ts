import type { Kysely } from 'kysely';
import { dialectOf, timestampType } from '../columns.ts';

/**
 * Users and everything about who someone is: roles, local sign-in accounts, e-mail
 * verification codes, the identity provider's own records, the outbox for mail and chat,
 * and Steam sign-in nonces already seen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  const timestamp = timestampType(dialect);
  const serial = dialect === 'postgres' ? 'serial' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('subject', 'text', (column) => column.unique())
    .addColumn('nickname', 'text', (column) => column.notNull())
    .addColumn('steam_id', 'text', (column) => column.unique())
    .addColumn('steam_avatar_url', 'text')
    .addColumn('email', 'text', (column) => column.unique())
    .addColumn('is_email_activated', 'boolean', (column) => column.notNull().defaultTo(false))
    .addColumn('first_name', 'text')
    .addColumn('surname', 'text')
    .addColumn('city', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .addColumn('modification_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema.createIndex('users_nickname_index').on('users').column('nickname').execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_roles_primary_key', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_role_index').on('user_roles').column('role').execute();

  await db.schema
    .createTable('local_accounts')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('username_key', 'text', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('email_verifications')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('code_hash', 'text', (column) => column.notNull().unique())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .addColumn('used_at', timestamp)
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', serial, (column) =>
      dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
    )
    .addColumn('channel', 'text', (column) => column.notNull())
    .addColumn('dedupe_key', 'text', (column) => column.notNull().unique())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (column) => column.notNull())
    .addColumn('locked_until', timestamp)
    .addColumn('delivered_at', timestamp)
    .addColumn('failed_at', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('creation_date', timestamp, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('outbox_pending_index')
    .on('outbox')
    .columns(['delivered_at', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('oidc_records')
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('id', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('grant_id', 'text')
    .addColumn('user_code', 'text')
    .addColumn('uid', 'text')
    .addColumn('expires_at', timestamp)
    .addColumn('consumed_at', timestamp)
    .addPrimaryKeyConstraint('oidc_records_primary_key', ['kind', 'id'])
    .execute();
  await db.schema
    .createIndex('oidc_records_grant_index')
    .on('oidc_records')
    .column('grant_id')
    .execute();
  await db.schema.createIndex('oidc_records_uid_index').on('oidc_records').column('uid').execute();

  await db.schema
    .createTable('used_nonces')
    .addColumn('nonce', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', timestamp, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'used_nonces',
    'oidc_records',
    'outbox',
    'email_verifications',
    'local_accounts',
    'user_roles',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
