// Types of the modules served by the content plugin (src/content/build/plugin.ts).
declare module 'virtual:content/site' {
  const module: import('./module-types.ts').SiteModule;
  export default module;
}
declare module 'virtual:content/pages' {
  const pages: readonly import('./module-types.ts').PageEntry[];
  export default pages;
}
