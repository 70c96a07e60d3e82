import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/client/lib/api-client";
import type { UploadResult } from "@/common/submission";

/**
 * POST /api/upload: one image in the multipart field "file"; answers the stored image's URL. Shared by the
 * submission forms and the token edit, so it lives here rather than in either feature.
 */
export async function uploadImage(file: File) {
  const body = new FormData();
  body.append("file", file);
  return apiRequest<UploadResult>("POST", "/api/upload", { body });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
