/**
 * The images of the product form (spec sections 3 "Image list item", 5): the chosen photos in order
 * (the first is the main one), each with "Set as main" and "Remove" submit buttons that come back
 * to the form with everything typed kept (no JavaScript needed), and a file input for more photos
 * (png/jpg/jpeg, at most 2 MB each, 762×1100 hint), uploaded with the next press of any button.
 */
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";
import { FieldError } from "./form.tsx";
import type { FormImage } from "#app/lib/product-form.server.ts";

export function ProductImages({ images, errors }: { images: FormImage[]; errors?: string[] }) {
  const { t } = useTranslation("product");
  const full = images.length >= 8;
  return (
    <div className="space-y-3">
      <input type="hidden" name="image_count" value={images.length} />
      {images.length ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {images.map((img, i) => (
            <li key={img.url} className="rounded-md border border-slate-200 p-2">
              <input type="hidden" name={`img${i}.url`} value={img.url} />
              <input type="hidden" name={`img${i}.name`} value={img.name} />
              <img src={img.url} alt={img.name} loading="lazy" className="aspect-[762/1100] w-full rounded bg-slate-50 object-contain" />
              <p className="mt-1 truncate text-xs text-slate-600" title={img.name}>{img.name}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                {i === 0 ? <span className="rounded bg-brand-50 px-2 py-1 text-xs font-medium text-brand-700">{t("images.main")}</span> : (
                  <button type="submit" name="intent" value={`image_main:${i}`} formNoValidate className={`${buttonClass("secondary")} !px-2 !py-1 text-xs`}>
                    {t("images.set_main")}<span className="sr-only"> {img.name}</span>
                  </button>
                )}
                <button type="submit" name="intent" value={`image_remove:${i}`} formNoValidate className={`${buttonClass("ghost")} !px-2 !py-1 text-xs`}>
                  {t("images.remove")}<span className="sr-only"> {img.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : <p className="text-sm text-slate-500">{t("images.none")}</p>}
      {full ? <p className="text-sm text-slate-600">{t("images.full")}</p> : (
        <div>
          <label htmlFor="product-new-images" className="mb-1 block text-sm font-medium text-slate-700">{t("images.add")}</label>
          <input id="product-new-images" type="file" name="new_images" multiple accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            aria-describedby="product-new-images-hint" className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm" />
          <p id="product-new-images-hint" className="mt-1 text-xs text-slate-500">{t("images.hint")}</p>
          <button type="submit" name="intent" value="upload" formNoValidate className={`${buttonClass("secondary")} mt-2`}>{t("images.upload")}</button>
        </div>
      )}
      <FieldError id="product-images-error" errors={errors} />
    </div>
  );
}
