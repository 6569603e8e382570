import { createContext, useContext } from 'react';
import type { InlineAssets } from '../content/build/module-types.ts';

/** The icons and logos available to the components below: the site's and the current page's. */
export const AssetsContext = createContext<InlineAssets>({ icons: {}, logos: {} });

export const useAssets = () => useContext(AssetsContext);
