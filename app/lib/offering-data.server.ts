/**
 * Reference data the offering pages need, through the one API client and the catalogue's own
 * calls (privilege "products"), so staff who may sell but not edit the profile still see them.
 */
import { getList } from "./api.server.ts";

type Args = Parameters<typeof getList>[0];
type SourceGroup = { type: number; datas: { source_id: number; name: string }[] };

/** The business's active stores by name (GET /v0.0.0/inventories/sources, the Store group). */
export async function businessStores(args: Args): Promise<{ id: number; name: string }[]> {
  const { rows } = await getList<SourceGroup>(args, "/v0.0.0/inventories/sources");
  return (rows.find((g) => g.type === 1)?.datas ?? []).map((s) => ({ id: s.source_id, name: s.name }));
}
