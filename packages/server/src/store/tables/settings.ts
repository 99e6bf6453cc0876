/** Server-wide settings persisted in the store, such as the generated HMAC secret. */
export interface ServerSettingsTable {
  name: string;
  value: string;
}

/** The tables of the server core. */
export interface SettingsTables {
  server_settings: ServerSettingsTable;
}
