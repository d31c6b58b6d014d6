/** The tables the adapter uses, by role. */
export interface TableNames {
  user: string;
  account: string;
  session: string;
  verificationToken: string;
  authenticator: string;
}

/** Options of {@link SqlAdapter}, {@link migrate} and {@link schemaSql}. */
export interface SqlAdapterOptions {
  /**
   * Table names, for databases whose tables are named differently. Each defaults to the name
   * Auth.js's SQL adapters use: `User`, `Account`, `Session`, `VerificationToken`, `Authenticator`.
   */
  tables?: Partial<TableNames>;
}

/** The table names Auth.js's SQL adapters use, so an existing database works unchanged. */
export const DEFAULT_TABLES: Readonly<TableNames> = {
  user: "User",
  account: "Account",
  session: "Session",
  verificationToken: "VerificationToken",
  authenticator: "Authenticator",
};

/** The table names after defaults. */
export function tableNames(options: SqlAdapterOptions | undefined): TableNames {
  return { ...DEFAULT_TABLES, ...options?.tables };
}
