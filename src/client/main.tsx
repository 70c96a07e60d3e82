// Self-hosted fonts, latin subsets only: the pixel face for chrome, Lora for reading.
import "@fontsource/press-start-2p/latin-400.css";
import "@fontsource/lora/latin-400.css";
import "@fontsource/lora/latin-700.css";
import "./styles.css";

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { createQueryClient } from "./lib/query-client";
import { readSiteConfig } from "./lib/site-config";

const siteConfig = readSiteConfig();
document.title = siteConfig.siteName;

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element");

createRoot(root).render(
  <StrictMode>
    <App siteConfig={siteConfig} queryClient={createQueryClient()} />
  </StrictMode>,
);
