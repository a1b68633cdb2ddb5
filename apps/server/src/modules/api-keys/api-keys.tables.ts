export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  /** the first characters of the secret, shown in lists so people can tell keys apart */
  prefix: string;
  /** sha256 hex of the whole secret */
  hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ApiKeysTables {
  api_keys: ApiKeysTable;
}
