/**
 * The audit log: one row per write made to Google Docs on someone's behalf, by any instance.
 */
import type { Database } from '../db/database.js';

export interface AuditEntry {
  accountId: string;
  email: string;
  clientId?: string | undefined;
  tool?: string | undefined;
  documentId: string;
  tabId?: string | undefined;
  section?: string | undefined;
  revisionBefore?: string | undefined;
  revisionAfter?: string | undefined;
  requestCount: number;
}

export interface AuditRow extends AuditEntry {
  at: Date;
}

export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db.query(
      `insert into audit_log (account_id, email, client_id, tool, document_id, tab_id, section,
         revision_before, revision_after, request_count)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        entry.accountId,
        entry.email,
        entry.clientId ?? null,
        entry.tool ?? null,
        entry.documentId,
        entry.tabId ?? null,
        entry.section ?? null,
        entry.revisionBefore ?? null,
        entry.revisionAfter ?? null,
        entry.requestCount,
      ],
    );
  }

  async forAccount(accountId: string): Promise<AuditRow[]> {
    const rows = await this.db.query<Record<string, unknown>>(
      'select * from audit_log where account_id = $1 order by id',
      [accountId],
    );
    return rows.map((r) => ({
      at: new Date(r.at as string),
      accountId: r.account_id as string,
      email: r.email as string,
      clientId: (r.client_id as string | null) ?? undefined,
      tool: (r.tool as string | null) ?? undefined,
      documentId: r.document_id as string,
      tabId: (r.tab_id as string | null) ?? undefined,
      section: (r.section as string | null) ?? undefined,
      revisionBefore: (r.revision_before as string | null) ?? undefined,
      revisionAfter: (r.revision_after as string | null) ?? undefined,
      requestCount: Number(r.request_count),
    }));
  }
}
