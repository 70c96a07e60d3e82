import { useMutation } from "@tanstack/react-query";
import { uploadImage } from "@/client/lib/upload-image";

/** POST /api/upload as a mutation, for the token edit. */
export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
