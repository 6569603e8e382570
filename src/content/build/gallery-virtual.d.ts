// Type of the dev-only gallery module served by the content plugin (src/content/build/plugin.ts).
declare module 'virtual:content/gallery' {
  const gallery: import('./module-types.ts').GalleryModule;
  export default gallery;
}
