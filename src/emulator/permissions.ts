/**
 * Who may open which emulated document: a table of document id -> e-mail -> role, as Drive's
 * sharing would give. A document missing from the table is open to every test user as a writer,
 * so stores without a table behave as before; a document created through the API belongs to its
 * creator alone.
 */

export type Role = 'owner' | 'writer' | 'reader';

export type PermissionTable = Record<string, Record<string, Role>>;

const ROLES = new Set<Role>(['owner', 'writer', 'reader']);

export class DocumentPermissions {
  private readonly table = new Map<string, Map<string, Role>>();

  constructor(table: PermissionTable = {}) {
    for (const [doc, people] of Object.entries(table)) {
      const entry = new Map<string, Role>();
      for (const [email, role] of Object.entries(people)) {
        if (!ROLES.has(role)) throw new Error(`Unknown role "${role}" for ${email} on ${doc}.`);
        entry.set(email.toLowerCase(), role);
      }
      this.table.set(doc, entry);
    }
  }

  /** The role of `email` on the document; undefined: the document is not shared with them. */
  role(documentId: string, email: string): Role | undefined {
    const entry = this.table.get(documentId);
    if (!entry) return 'writer';
    return entry.get(email.toLowerCase());
  }

  /** The owner's e-mail, when the table names one. */
  owner(documentId: string): string | undefined {
    for (const [email, role] of this.table.get(documentId) ?? []) if (role === 'owner') return email;
    return undefined;
  }

  created(documentId: string, email: string): void {
    this.table.set(documentId, new Map([[email.toLowerCase(), 'owner']]));
  }
}
