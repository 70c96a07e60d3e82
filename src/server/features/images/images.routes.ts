import { z } from "zod";
import { EMBEDDABLE } from "../../lib/embeddable";
import { notFound } from "../../lib/http-error";
import type { App } from "../../types";
import { avatarSvg } from "./avatar";
import { findImage } from "./images.service";

const ONE_YEAR_S = 31_536_000;

export async function imagesRoutes(app: App): Promise<void> {
  app.get(
    "/api/images/:hash",
    { schema: { params: z.object({ hash: z.string().regex(/^[a-f0-9]{64}$/, "Unknown image") }) } },
    async (request, reply) => {
      const image = await findImage(app.db, request.params.hash);
      if (!image) throw notFound("Unknown image");
      // Content-addressed: the bytes behind a URL never change, so caches may keep them for a year.
      return reply
        .header("content-type", image.contentType)
        .header("cache-control", `public, max-age=${ONE_YEAR_S}, immutable`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .headers(EMBEDDABLE)
        .send(Buffer.from(image.bytes));
    },
  );

  app.get(
    "/api/avatar",
    { schema: { querystring: z.object({ name: z.string().max(200).default("?") }) } },
    (request, reply) =>
      reply
        .header("content-type", "image/svg+xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .headers(EMBEDDABLE)
        .send(avatarSvg(request.query.name)),
  );
}
