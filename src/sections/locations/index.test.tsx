// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
// happy-dom fetches no frame here, and says so once per frame it was asked to load ("Iframe page loading is
// disabled"): three lines for the three loads below, none of them a reload.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapEmbed as MapContent } from '../../generated/schema-types.ts';
import { showMap } from '../../app/startup/interactions.ts';
import { MapEmbed } from './MapEmbed.tsx';

const map: MapContent = {
  address: 'Plot 27, Greater Noida',
  title: 'Map of the office',
  embed: 'https://www.google.com/maps?q=office&output=embed',
  link: 'https://maps.google.com/?q=office',
  height: 450,
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The map as the server draws it, in the page's document. */
function serverMarkup(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<MapEmbed map={map} />);
  document.body.append(container);
  return container;
}
const frames = (container: HTMLElement) => [...container.querySelectorAll('iframe')];

describe('the click-to-load map', () => {
  it('draws no frame until asked, so the page contacts no third party', () => {
    const container = serverMarkup();
    expect(frames(container)).toEqual([]);
    expect(container.querySelector('[data-slot="map-frame"]')?.getAttribute('data-embed')).toBe(map.embed);
  });

  it('keeps a map shown before hydration, once, with its address, and follows a new address once hydrated', () => {
    const container = serverMarkup();
    // What start-up does with a press on Show map before the section's code has come.
    expect(showMap(container.querySelector('[data-slot="map"]')!)).toBe(true);
    const shown = frames(container)[0]!;
    expect(shown.getAttribute('src')).toBe(map.embed);

    act(() => {
      root = hydrateRoot(container, <MapEmbed map={map} />);
    });
    expect(frames(container)).toEqual([shown]);
    expect(shown.getAttribute('src')).toBe(map.embed);

    // The editor's preview: the marketer changes the address and the title under the shown map.
    const moved = { ...map, embed: 'https://www.google.com/maps?q=new+office&output=embed', title: 'Map of the new office' };
    act(() => root!.render(<MapEmbed map={moved} />));
    expect(frames(container)).toEqual([shown]);
    expect(shown.getAttribute('src')).toBe(moved.embed);
    expect(shown.title).toBe(moved.title);
  });

  it('loads nothing but an https address, whatever the slot says', () => {
    for (const embed of [
      'javascript:alert(1)',
      ' https://example.com/',
      'data:text/html,<b>x</b>',
      '//example.com/',
      'http://example.com/',
      '',
    ]) {
      const container = serverMarkup();
      container.querySelector('[data-slot="map-frame"]')!.setAttribute('data-embed', embed);
      expect(showMap(container.querySelector('[data-slot="map"]')!), embed).toBe(false);
      expect(frames(container), embed).toEqual([]);
      container.remove();
    }
  });

  it('shows the map once however often Show map is pressed', () => {
    const container = serverMarkup();
    act(() => {
      root = hydrateRoot(container, <MapEmbed map={map} />);
    });
    const button = container.querySelector<HTMLButtonElement>('[data-slot="map-show"]')!;
    act(() => button.click());
    act(() => button.click());
    expect(frames(container)).toHaveLength(1);
    expect(frames(container)[0]!.getAttribute('src')).toBe(map.embed);
  });
});
