/**
 * What content refers to exists. Internal links go to a route, icons and logos are in
 * their sets, pictures and videos are files under public/, and identifiers are unique within a
 * file. The icons and logos found are kept, for the app to inline.
 */
import { join } from 'node:path';
import { explain } from '../catalog.ts';
import { logoNames, lucideIcons, lucideRenamed, resolveLogo, siblings } from '../build/assets.ts';
import { formatPath } from '../yaml/locate.ts';
import type { CollectedAssets, IconNode, LogoData } from '../build/module-types.ts';
import { saveDecodeVerdicts, undecodablePicture } from '../rules/picture-decode.ts';
import { closest } from '../suggest.ts';
import type { Reference } from '../rules/validate.ts';
import { isRecord, type CheckRun, type Finding, type SourceFile } from './run.ts';
import type { ShapedFile } from './shape.ts';

export async function checkReferences(
  run: CheckRun,
  references: ReadonlyMap<ShapedFile, readonly Reference[]>,
  routes: ReadonlyMap<string, string>,
  /** Files of draft pages: links to them from published pages are reported. */
  drafts: ReadonlySet<string> = new Set(),
): Promise<{ readonly assetsOf: Map<ShapedFile, CollectedAssets>; readonly leftOut: readonly (string | number)[][] }> {
  const icons = lucideIcons();
  let allLogos: string[] | undefined;
  const assetsOf = new Map<ShapedFile, CollectedAssets>();
  /** The paths of the site settings' entries that go to a draft page, to leave out of the published site. */
  const leftOut: (string | number)[][] = [];
  const missing = (source: SourceFile, path: (string | number)[], src: string) => {
    const guess = closest(src, siblings(run.publicDir, src));
    run.report(source, { code: 'MissingAsset', path, ...explain.MissingAsset(src, guess) });
  };
  // Every picture decoded at once, on sharp's threads, rather than one after another in the walk below.
  const pictures = new Set(
    [...references.values()].flatMap((refs) =>
      refs.flatMap((ref) => (ref.kind === 'image' && isRecord(ref.value) && typeof ref.value.src === 'string' ? [join(run.publicDir, ref.value.src)] : [])),
    ),
  );
  await Promise.all([...pictures].map((file) => undecodablePicture(file)));
  for (const [source, refs] of references) {
    const assets = { icons: {} as Record<string, IconNode>, logos: {} as Record<string, LogoData> };
    assetsOf.set(source, assets);
    for (const ref of refs) {
      if (ref.kind === 'link' && typeof ref.value === 'string' && ref.value.startsWith('/')) {
        const route = ref.value.replace(/#.*$/, '');
        const target = routes.get(route);
        if (target === undefined) {
          const guess = closest(route, routes.keys());
          run.report(source, { code: 'UnknownRoute', path: ref.path, ...explain.UnknownRoute(ref.value, guess) });
        } else if (drafts.has(target) && !drafts.has(source.file) && run.options.unfinished === 'fail') {
          // Drafts show in the dev server, where the link works; published, it would lead nowhere.
          // An entry of a list in the site settings (navigation, footer) is left out instead.
          if (source.file === run.rel(run.sitePath) && typeof ref.path[ref.path.length - 2] === 'number') {
            leftOut.push(ref.path.slice(0, -1));
            run.report(source, { code: 'DraftLeftOut', path: ref.path, ...explain.DraftLeftOut(ref.value, target) }, 'warning');
          } else run.report(source, { code: 'LinkToDraft', path: ref.path, ...explain.LinkToDraft(ref.value, target) });
        }
      } else if (ref.kind === 'icon' && typeof ref.value === 'string') {
        const node = icons.get(ref.value);
        if (node) assets.icons[ref.value] = node;
        else {
          const renamed = lucideRenamed(ref.value);
          const guess = renamed ?? closest(ref.value, icons.keys());
          run.report(source, { code: 'UnknownIcon', path: ref.path, ...explain.UnknownIcon(ref.value, renamed, guess) });
        }
      } else if (ref.kind === 'logo' && typeof ref.value === 'string') {
        const logo = await resolveLogo(ref.value);
        if (logo) assets.logos[ref.value] = logo;
        else {
          allLogos ??= await logoNames();
          const guess = closest(ref.value, allLogos);
          run.report(source, { code: 'UnknownLogo', path: ref.path, ...explain.UnknownLogo(ref.value, guess) });
        }
      } else if (ref.kind === 'image' && isRecord(ref.value) && typeof ref.value.src === 'string') {
        const file = join(run.publicDir, ref.value.src);
        if (!run.exists(file)) missing(source, [...ref.path, 'src'], ref.value.src);
        else {
          const reason = await undecodablePicture(file);
          if (reason) run.report(source, { code: 'PictureUnreadable', path: [...ref.path, 'src'], ...explain.PictureUnreadable(ref.value.src, reason) });
        }
      } else if (ref.kind === 'video' && isRecord(ref.value)) {
        for (const key of ['webm', 'mp4'] as const) {
          const src = ref.value[key];
          if (typeof src === 'string' && !run.exists(join(run.publicDir, src))) missing(source, [...ref.path, key], src);
        }
      }
    }
    for (const finding of duplicateIds(source.data)) run.report(source, finding);
  }
  saveDecodeVerdicts();
  return { assetsOf, leftOut };
}

/** Every `id:` in a file names one thing: a section anchor or a careers role. */
function duplicateIds(data: unknown): Finding[] {
  const seen = new Map<string, (string | number)[]>();
  const found: Finding[] = [];
  const walk = (value: unknown, path: (string | number)[]) => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isRecord(value)) {
      if (typeof value.id === 'string' && path.length > 0) {
        const first = seen.get(value.id);
        if (first)
          found.push({ code: 'DuplicateId', path: [...path, 'id'], ...explain.DuplicateId(value.id, formatPath(first)) });
        else seen.set(value.id, path);
      }
      for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
    }
  };
  walk(data, []);
  return found;
}
