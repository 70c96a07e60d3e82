import { useEffect } from "react";
import { useSiteConfig } from "@/client/lib/site-config";
import type { HeadTags } from "@/client/lib/write-head-tags";

/** The page the visitor landed on: its head is the server's, exact, until the visitor moves to another. */
const landing = typeof window === "undefined" ? undefined : window.location.pathname;
let moved = false;
let latest = "";

/**
 * The screen's <title> and, after an in-app navigation, its link preview tags (issue 28): the server wrote
 * the first page's (for crawlers and chat apps that run no JavaScript); a share sheet or an extension
 * reading them later must get this screen's. The writing is loaded then (lib/write-head-tags.ts).
 */
export function PageHead(props: Omit<HeadTags, "origin">) {
  const { publicUrl } = useSiteConfig();
  // Rendered on the server too (the first paint): the window is read in the effect only.
  const key = JSON.stringify({ ...props, origin: publicUrl ?? null });
  useEffect(() => {
    latest = key;
    if (!moved && window.location.pathname === landing) return;
    moved = true;
    const tags = JSON.parse(key) as Omit<HeadTags, "origin"> & { origin: string | null };
    void import("@/client/lib/write-head-tags").then(
      (m) => latest === key && m.writeHeadTags({ ...tags, origin: tags.origin ?? window.location.origin }),
    );
  }, [key]);
  return <title>{props.title}</title>;
}
