import { type ChangeEvent, useEffect, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { Fieldset } from "@/client/components/ui/fieldset";
import { FieldError } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { NativeLabel } from "@/client/components/ui/native-label";
import { Spinner } from "@/client/components/ui/spinner";
import { errorDetail } from "@/client/lib/api-client";
import { uploadImage } from "@/client/lib/upload-image";
import type { SchemaForm } from "@/client/lib/use-schema-form";
import { toast } from "@/client/lib/use-toast";
import { IMAGE_ACCEPT, SITE_IMAGE_PATH } from "@/common/submission-rules";
import type { FreeSubmissionDraft } from "../form-in-use";
import { formInUse } from "../lazy-form-in-use";

const ID = "submission-image";
const HINT_ID = `${ID}-hint`;
const ERROR_ID = `${ID}-error`;
const URL_ID = `${ID}-url`;

export interface ImageFieldProps {
  form: SchemaForm<FreeSubmissionDraft>;
  /** Told when an upload starts and ends, so the form can hold its submit button meanwhile. */
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * The headline's image: a file uploaded here or a link to one elsewhere, kept in the one form value
 * `imageUrl`. An uploaded image is an /api/images/... address, which is how the field knows to show the
 * preview instead of the chooser and the URL box.
 */
export function ImageField({ form, onUploadingChange }: ImageFieldProps) {
  // A plain call and this flag rather than a mutation: nothing to refresh, and no mutation code to load.
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  // Where the focus goes after the view switches (the button that had it is gone or was disabled).
  const [focusNext, setFocusNext] = useState<"remove" | "choose" | null>(null);
  const value = form.values.imageUrl;
  const uploaded = SITE_IMAGE_PATH.test(value);
  const fieldError = form.errors.imageUrl;
  const error = fieldError ?? fileProblem ?? undefined;

  useEffect(() => {
    onUploadingChange?.(uploading);
  }, [uploading, onUploadingChange]);

  useEffect(() => {
    if (focusNext === "remove") removeButton.current?.focus();
    if (focusNext === "choose") chooseButton.current?.focus();
    if (focusNext) setFocusNext(null);
  }, [focusNext]);

  async function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) still counts as a change.
    event.target.value = "";
    if (!file) return;
    // The check comes with the form-in-use chunk, which the Upload Image button's focus has started loading.
    const problem = (await formInUse.get()).checkImageFile(file);
    if (problem) {
      setFileProblem(problem.message);
      toast({ variant: "destructive", title: problem.toastTitle, description: problem.toastDescription });
      return;
    }
    setFileProblem(null);
    setUploading(true);
    try {
      const { imageUrl } = await uploadImage(file);
      form.setValue("imageUrl", imageUrl);
      setFocusNext("remove");
      toast({ title: "Image uploaded", description: "Your image has been uploaded successfully." });
    } catch (uploadError) {
      setFocusNext("choose");
      toast({
        variant: "destructive",
        title: "Upload failed",
        description: errorDetail(uploadError, "Failed to upload image"),
      });
    } finally {
      setUploading(false);
    }
  }

  function removeImage() {
    form.setValue("imageUrl", "");
    setFocusNext("choose");
  }

  return (
    <Fieldset legend="Image" className="gap-3" aria-describedby={error ? ERROR_ID : undefined}>
      <p id={HINT_ID} className="-mt-1 text-sm text-ink-soft">
        Upload a JPG, PNG, WebP or GIF of 5 MB at most, or paste a link to an image.
      </p>

      {uploaded ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <img
            src={value}
            alt="Preview of your upload"
            width={160}
            height={160}
            className="aspect-square w-40 border-3 border-ink bg-paper object-cover shadow-pixel-sm"
          />
          <Button ref={removeButton} variant="secondary" onClick={removeImage} className="w-full sm:w-auto">
            Remove Image
          </Button>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button
              ref={chooseButton}
              variant="blue"
              onClick={() => fileInput.current?.click()}
              disabled={uploading}
              aria-describedby={HINT_ID}
              className="w-full sm:w-auto"
            >
              {uploading ? "Uploading..." : "Upload Image"}
            </Button>
            {/* The chooser itself stays hidden: the button above is its visible, labelled face. */}
            <input
              ref={fileInput}
              type="file"
              accept={IMAGE_ACCEPT}
              onChange={onFileChosen}
              hidden
              tabIndex={-1}
              data-testid="image-file-input"
            />
            {uploading ? (
              <Spinner label="Uploading image" className="flex-row justify-start gap-3 py-0" />
            ) : null}
          </div>
          <p aria-hidden="true" className="font-pixel text-[10px] uppercase text-ink-soft">
            — or —
          </p>
          <div className="flex flex-col gap-2">
            <NativeLabel htmlFor={URL_ID}>Image URL</NativeLabel>
            <Input
              id={URL_ID}
              {...form.textField("imageUrl")}
              onChange={(event) => {
                setFileProblem(null);
                form.setValue("imageUrl", event.target.value);
              }}
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder="https://..."
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={[HINT_ID, error ? ERROR_ID : null].filter(Boolean).join(" ")}
            />
          </div>
        </>
      )}

      {error ? <FieldError id={ERROR_ID}>{error}</FieldError> : null}
    </Fieldset>
  );
}
