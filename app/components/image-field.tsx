/**
 * An image of a brand, store, product … (spec section 5: png/jpeg/jpg, ≤ 2048 KB, cropper output
 * 800×800 square on white, preview 160 px). Put it in a <Form method="post"
 * encType="multipart/form-data"> and read it in the action with imageFromForm(args, formData, name)
 * (app/lib/uploads.server.ts). It posts:
 *   <name>        the current URL (hidden): a failed validation elsewhere keeps the uploaded image
 *   <name>_file   a newly chosen file (empty when none)
 *   <name>_crop   the crop box as JSON {x, y, width, height} in pixels of the picture (JavaScript only)
 *   <name>_remove "1" to drop the current image (a checkbox without JavaScript; with it, a button
 *                 empties <name> instead)
 *
 * Without JavaScript it is a plain file input: the server fits the whole picture into the square.
 * With JavaScript a picked file is checked here first (same two messages as the server: too big,
 * wrong type — by its bytes, and it must display), then the react-easy-crop cropper opens (fetched
 * only then: not part of any page's first load). Zooming out below the picture's size is allowed,
 * the uncovered part becomes white. The chosen square is previewed at 160 px.
 *
 * Props: name, label, defaultUrl (the saved image, or after a failed submission the value the
 * server sent back, e.g. fields.image.initialValue), errors (the field's errors), hint, required.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { MAX_UPLOAD_BYTES } from "#db/schema/company-enums.ts";
import { buttonClass } from "./button.tsx";
import { FieldError } from "./form-error.tsx";

export type CropBox = { x: number; y: number; width: number; height: number };
export type ImageFieldProps = {
  name: string;
  label: string;
  defaultUrl?: string | null;
  errors?: string[];
  hint?: string;
  required?: boolean;
};

const PREVIEW = 160;
const loadCropper = () => import("./image-cropper.tsx");
const ImageCropper = lazy(loadCropper);

/** png or jpeg by the first bytes, as the server checks. */
async function looksLikeImage(file: File) {
  const b = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v);
  const jpeg = b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  return png || jpeg;
}

/** Loads a picture; its upright size, or null when the browser cannot show it. */
function pictureSize(src: string) {
  return new Promise<{ width: number; height: number } | null>((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth && img.naturalHeight ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = src;
  });
}

export function ImageField({ name, label, defaultUrl, errors, hint, required }: ImageFieldProps) {
  const { t } = useTranslation("widgets");
  const id = useId();
  const fileId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);

  const [url, setUrl] = useState(defaultUrl ?? "");
  const [seenDefault, setSeenDefault] = useState(defaultUrl);
  // The picked file while it is being cropped, and the chosen square once done.
  const [picked, setPicked] = useState<{ src: string; size: { width: number; height: number } } | null>(null);
  const [cropping, setCropping] = useState(false);
  const [crop, setCrop] = useState<CropBox | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  // Buttons that need JavaScript appear once it runs; before (or without) it, a checkbox removes.
  const hydrated = useHydrated();

  // The server answered with another URL (the file was uploaded, another field failed): that URL
  // is now the image, and the file need not be sent again.
  if (defaultUrl !== seenDefault) {
    setSeenDefault(defaultUrl);
    setUrl(defaultUrl ?? "");
    setPicked(null);
    setCrop(null);
    setCropping(false);
  }
  useEffect(() => {
    if (input.current) input.current.value = "";
  }, [defaultUrl]);

  useEffect(() => () => { if (picked) URL.revokeObjectURL(picked.src); }, [picked]);

  const clearFile = () => {
    if (input.current) input.current.value = "";
    setPicked(null);
    setCrop(null);
    setCropping(false);
  };

  async function onPick(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.currentTarget.files?.[0];
    setClientError(null);
    if (!file) return clearFile();
    const refuse = (key: string) => {
      clearFile();
      setClientError(t(key));
    };
    if (file.size > MAX_UPLOAD_BYTES) return refuse("image.too_big");
    if (!(await looksLikeImage(file))) return refuse("image.wrong_type");
    const src = URL.createObjectURL(file);
    const size = await pictureSize(src);
    if (!size) {
      URL.revokeObjectURL(src);
      return refuse("image.wrong_type");
    }
    setCrop(null);
    setPicked({ src, size });
    setCropping(true);
  }

  const shownErrors = clientError ? [clientError] : errors;
  const invalid = Boolean(shownErrors?.length);

  return (
    <div>
      <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {required ? <span aria-hidden className="text-red-600"> *</span> : null}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <Preview url={url} picked={picked && crop ? { ...picked, crop } : null} alt={t("image.preview", { label })} />
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={input}
            id={fileId}
            type="file"
            name={`${name}_file`}
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            onChange={(e) => void onPick(e)}
            onPointerEnter={() => void loadCropper()}
            onFocus={() => void loadCropper()}
            aria-invalid={invalid || undefined}
            aria-describedby={`${hintId}${invalid ? ` ${errorId}` : ""}`}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          />
          <p id={hintId} className="text-xs text-slate-500">{hint ?? t("image.hint")}</p>
          {hydrated ? (
            <div className="flex flex-wrap gap-2">
              {picked && !cropping ? (
                <button type="button" className={buttonClass("secondary")} onClick={() => setCropping(true)}>{t("image.recrop")}</button>
              ) : null}
              {(url || picked) && !cropping ? (
                <button type="button" className={buttonClass("ghost")} onClick={() => { clearFile(); setUrl(""); }}>{t("image.remove")}</button>
              ) : null}
            </div>
          ) : url ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name={`${name}_remove`} value="1" className="h-4 w-4 rounded border-slate-300" />
              {t("image.remove")}
            </label>
          ) : null}
        </div>
      </div>
      {picked && cropping ? (
        <Suspense fallback={<p className="mt-3 text-sm text-slate-500">{t("image.loading")}</p>}>
          <ImageCropper
            src={picked.src}
            initial={crop}
            onDone={(box) => {
              setCrop(box);
              setCropping(false);
              input.current?.focus();
            }}
            onCancel={() => {
              // Cancelling the first crop drops the file; cancelling a re-crop keeps the earlier box.
              if (!crop) clearFile();
              setCropping(false);
              input.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
      <input type="hidden" name={name} value={url} />
      <input type="hidden" name={`${name}_crop`} value={picked && crop ? JSON.stringify(crop) : ""} />
      {invalid ? <FieldError id={errorId} errors={shownErrors} /> : null}
    </div>
  );
}

/**
 * 160 px square on white: the chosen crop of the picked file (drawn with CSS from the box, parts
 * outside the picture stay white, as the server will make them), else the saved image, else empty.
 */
function Preview({ url, picked, alt }: {
  url: string; alt: string; picked: { src: string; size: { width: number; height: number }; crop: CropBox } | null;
}) {
  const { t } = useTranslation("widgets");
  const box = "relative h-40 w-40 shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white";
  if (picked) {
    const side = Math.max(picked.crop.width, picked.crop.height);
    const scale = PREVIEW / side;
    const x = picked.crop.x - (side - picked.crop.width) / 2;
    const y = picked.crop.y - (side - picked.crop.height) / 2;
    return (
      <div className={box}>
        <img
          src={picked.src}
          alt={alt}
          className="absolute max-w-none"
          style={{ left: -x * scale, top: -y * scale, width: picked.size.width * scale, height: picked.size.height * scale }}
        />
      </div>
    );
  }
  if (url) return <div className={box}><img src={url} alt={alt} width={PREVIEW} height={PREVIEW} className="h-full w-full object-contain" /></div>;
  return (
    <div className={`${box} flex items-center justify-center text-center text-xs text-slate-500`}>
      <span className="px-2">{t("image.none")}</span>
    </div>
  );
}
