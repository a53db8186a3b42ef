/**
 * Parts of the store pages that are not needed to start the page — the body of a store card (with
 * its pin-point map), the update-history modal, the partnership section, the form's map picker —
 * are fetched by the browser after the first load, which keeps the store pages within the 130 KB
 * JavaScript budget. The server still renders them completely in the HTML, so they work without
 * JavaScript.
 *
 * How ("islands"): `island(load)` gives a component that renders `<div class>` + the part. On the
 * server the part's module is loaded when the process starts, and the page's loader awaits
 * `.ready()`, so it renders synchronously. In the browser the first render (hydration) is the same
 * <div> with `dangerouslySetInnerHTML` empty: React leaves the server's markup inside it as it is
 * (no hydration of the children, no mismatch), the part's module is fetched at once, and the part
 * then renders in place of the server markup (the same markup, now live). Until then its forms
 * and links work as they do without JavaScript. On later client-side navigations the module is
 * already there and the part renders directly.
 *
 * Not Suspense: React streams a server-rendered Suspense boundary of more than a few hundred bytes
 * separately (a hidden <template> revealed by an inline script), which a browser without
 * JavaScript never shows.
 */
import { useEffect, useState, type ComponentType } from "react";

type IslandProps<P> = P & { islandClassName?: string };

export function island<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const get = () => (pending ??= load().then((c) => (loaded = c)));
  if (typeof window === "undefined") void get();

  function Island({ islandClassName, ...props }: IslandProps<P>) {
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded);
    useEffect(() => {
      if (!Part) void get().then((c) => setPart(() => c));
    }, [Part]);
    // data-island says whether the part is live yet (tests wait for it before using it with JavaScript).
    if (!Part) return <div className={islandClassName} data-island="server" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
    return (
      <div className={islandClassName} data-island={typeof document === "undefined" ? "server" : "live"}>
        <Part {...(props as P)} />
      </div>
    );
  }
  /** Await in the page's loader (server side): the part is loaded before the page renders. */
  Island.ready = get;
  return Island;
}
