/**
 * The team server's schema as versioned plain-SQL migrations, applied in order by `migrate`.
 * A released migration is never edited: a change is a new entry with the next version.
 */

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
-- Everything oidc-provider keeps (clients, codes, tokens, grants, interactions, sessions), by model.
-- Ids are stored as SHA-256 hashes: a copy of this table yields no usable token.
create table oidc_payloads (
  model text not null,
  id_hash text not null,
  payload jsonb not null,
  grant_id text,
  user_code text,
  uid text,
  expires_at timestamptz,
  consumed_at timestamptz,
  primary key (model, id_hash)
);
create index oidc_payloads_grant on oidc_payloads (grant_id) where grant_id is not null;
create index oidc_payloads_uid on oidc_payloads (model, uid) where uid is not null;
create index oidc_payloads_user_code on oidc_payloads (model, user_code) where user_code is not null;
create index oidc_payloads_expiry on oidc_payloads (expires_at);

-- Each person's Google refresh token, sealed with AES-256-GCM (iv | tag | ciphertext) under key_id.
create table google_accounts (
  account_id text primary key,
  email text not null,
  sealed_refresh_token bytea not null,
  key_id text not null,
  scope text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A sign-in on its way through Google: the state sent upstream, the PKCE verifier, the interaction.
create table upstream_logins (
  state_hash text primary key,
  interaction_uid text not null,
  code_verifier text not null,
  expires_at timestamptz not null
);

-- Token buckets per person, shared by every instance.
create table rate_buckets (
  account_id text not null,
  bucket text not null,
  tokens double precision not null,
  updated_at timestamptz not null,
  primary key (account_id, bucket)
);

-- One row per write to Google Docs made on someone's behalf.
create table audit_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  account_id text not null,
  email text not null,
  client_id text,
  tool text,
  document_id text not null,
  tab_id text,
  section text,
  revision_before text,
  revision_after text,
  request_count integer not null
);
create index audit_log_account on audit_log (account_id, at);
`,
  },
];
