import { apiRequest } from "@/client/lib/api-client";
import type { UploadResult } from "@/common/submission";

/**
 * POST /api/upload: one image in the multipart field "file"; answers the stored image's URL. Shared by the
 * submission forms and the token edit. Apart from its mutation hook (use-upload-image.ts) so that the public
 * forms, which track the upload themselves, do not load TanStack's mutation code (decision 005).
 */
export async function uploadImage(file: File) {
  const body = new FormData();
  body.append("file", file);
  return apiRequest<UploadResult>("POST", "/api/upload", { body });
}
