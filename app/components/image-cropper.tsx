/**
 * The cropper of <ImageField> (react-easy-crop), loaded on demand with React.lazy so it is never in
 * a page's first load. Square (aspect 1); zoom from 0.3 to 4: below 1 the picture gets smaller than
 * the square and the uncovered part becomes white (as the server makes it). Drag or the arrow keys
 * move the picture, the wheel or the slider zooms. "Use this crop" hands back the box in pixels of
 * the picture (may reach outside it: negative x/y, or beyond its size).
 */
import { useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";
import type { CropBox } from "./image-field.tsx";

const MIN_ZOOM = 0.3;
const MAX_ZOOM = 4;

export default function ImageCropper({ src, initial, onDone, onCancel }: {
  src: string;
  initial: CropBox | null;
  onDone: (box: CropBox) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("widgets");
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const area = useRef<Area | null>(initial);

  return (
    <div role="group" aria-label={t("image.cropper")} className="mt-3 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <p className="text-sm text-slate-600">{t("image.crop_help")}</p>
      <div className="relative h-72 w-full overflow-hidden rounded-md border border-slate-200 bg-white sm:h-80">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          zoomSpeed={0.2}
          restrictPosition={false}
          objectFit="contain"
          initialCroppedAreaPixels={initial ?? undefined}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => { area.current = pixels; }}
          style={{ containerStyle: { background: "#fff" } }}
          mediaProps={{ alt: "" }}
          cropperProps={{ role: "group", "aria-label": t("image.crop_area") }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex flex-1 items-center gap-2 text-sm text-slate-700">
          <span>{t("image.zoom")}</span>
          <input
            type="range"
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={zoom}
            onChange={(e) => setZoom(Number(e.currentTarget.value))}
            className="min-w-32 flex-1 accent-brand-600"
          />
        </label>
        <button type="button" className={buttonClass("secondary")} onClick={onCancel}>{t("image.cancel")}</button>
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => {
            const a = area.current;
            if (a && a.width > 0 && a.height > 0) onDone({ x: Math.round(a.x), y: Math.round(a.y), width: Math.round(a.width), height: Math.round(a.height) });
          }}
        >
          {t("image.use_crop")}
        </button>
      </div>
    </div>
  );
}
