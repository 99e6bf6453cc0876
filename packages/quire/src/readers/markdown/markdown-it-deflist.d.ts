declare module 'markdown-it-deflist' {
  import type { PluginSimple } from 'markdown-it';
  /** The markdown-it plugin for definition lists (`Term` then `: definition`), as pandoc and PHP Markdown Extra write them. */
  const deflistPlugin: PluginSimple;
  export default deflistPlugin;
}
