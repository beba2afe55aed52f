import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * The embedded database's file system with remembered file sizes (docs/performance.md "Fixed cost of a request").
 *
 * PGlite reaches its data folder through emscripten's NODEFS (`@electric-sql/pglite/nodefs`), which answers every
 * `lseek(fd, 0, SEEK_END)` with an `fstat` of the file. PostgreSQL asks for a relation's size that way (`mdnblocks`)
 * each time a query plans or scans it, several times a statement: 11.7 % of the server's CPU under the list route
 * was that `fstat`. Here NODEFS's stream operations are wrapped so that a file's size, once read, is remembered
 * and kept up to date by the writes that change it:
 * - a write of `n` bytes at `position` makes the size at least `position + n` (writes never shrink a file);
 * - a truncate (`ftruncate` of a stream, `truncate` of a path: the `size` attribute of `setattr`) or an open (which
 *   may carry `O_TRUNC`) forgets it, so the next seek reads it again;
 * - sizes belong to the file's node in emscripten's FS, which an unlink drops (a file made again at the same path
 *   is a new node) and a rename keeps (the file is the same).
 * This is exact only because nothing else changes these files while PGlite has them open: the data folder belongs
 * to this one process (PostgreSQL's `postmaster.pid` lock; two processes on one PGlite folder would corrupt it
 * anyway), and every change PGlite makes goes through these stream operations (`msync` of a mapping writes through
 * `write`, too).
 */

/** The slice of emscripten's NODEFS this wraps (Module.NODEFS inside PGlite). */
interface EmscriptenNode {
  mode: number;
}
interface EmscriptenStream {
  node: EmscriptenNode;
}
interface NodeFsOps {
  stream_ops: {
    open(stream: EmscriptenStream): void;
    write(
      stream: EmscriptenStream,
      buffer: unknown,
      offset: number,
      length: number,
      position: number,
    ): number;
    llseek(stream: EmscriptenStream, offset: number, whence: number): number;
    setattr(stream: EmscriptenStream, attr: { size?: number }): void;
  };
  node_ops: {
    setattr(node: EmscriptenNode, attr: { size?: number }): void;
  };
}

/** Counts of end-of-file seeks answered from the remembered size (`hits`) or by asking the file (`misses`). */
export interface FileSizeCacheStats {
  hits: number;
  misses: number;
}

const SEEK_END = 2;

/** Whether a NODEFS has already been wrapped (the same Module is never wrapped twice). */
const wrapped = new WeakSet<object>();

/**
 * Wraps `nodefs.stream_ops` / `node_ops` in place (every node and stream of the mount shares those objects, so
 * nodes made before are covered too) to remember file sizes; returns the live counters. See the module comment.
 */
export function cacheFileSizes(nodefs: NodeFsOps, stats: FileSizeCacheStats = { hits: 0, misses: 0 }) {
  if (wrapped.has(nodefs)) return stats;
  wrapped.add(nodefs);
  const sizes = new WeakMap<EmscriptenNode, number>();
  const streamOps = nodefs.stream_ops;
  const nodeOps = nodefs.node_ops;
  const { open, write, llseek, setattr } = streamOps;
  const setNodeAttr = nodeOps.setattr;

  streamOps.llseek = function (stream, offset, whence) {
    if (whence !== SEEK_END) return llseek.call(this, stream, offset, whence);
    const known = sizes.get(stream.node);
    if (known !== undefined) {
      stats.hits++;
      const position = known + offset;
      // The original's error for a negative position (EINVAL), from the original itself.
      return position < 0 ? llseek.call(this, stream, offset, whence) : position;
    }
    stats.misses++;
    // Read the size alone (offset 0), then add the offset: the same position the original gives.
    const size = llseek.call(this, stream, 0, SEEK_END);
    sizes.set(stream.node, size);
    return offset === 0 ? size : llseek.call(this, stream, offset, whence);
  };
  streamOps.write = function (stream, buffer, offset, length, position) {
    const written = write.call(this, stream, buffer, offset, length, position);
    const known = sizes.get(stream.node);
    if (known !== undefined && typeof position === 'number') {
      sizes.set(stream.node, Math.max(known, position + written));
    } else if (known !== undefined) {
      sizes.delete(stream.node);
    }
    return written;
  };
  streamOps.open = function (stream) {
    sizes.delete(stream.node);
    return open.call(this, stream);
  };
  streamOps.setattr = function (stream, attr) {
    if (attr.size !== undefined) sizes.delete(stream.node);
    return setattr.call(this, stream, attr);
  };
  nodeOps.setattr = function (node, attr) {
    if (attr.size !== undefined) sizes.delete(node);
    return setNodeAttr.call(this, node, attr);
  };
  return stats;
}

type InitResult = Awaited<ReturnType<NodeFS['init']>>;
type EmscriptenOpts = InitResult['emscriptenOpts'];

/**
 * PGlite's Node file system (`NodeFS` of `@electric-sql/pglite/nodefs`, what `new PGlite(dir)` uses) with remembered
 * file sizes: pass it as `fs` (`new PGlite({ fs: new SizeCachingNodeFS(dir), … })`). `stats` counts the end-of-file
 * seeks it answered (bench/server.ts, __tests__/server/db/pglite-fs.test.ts).
 */
export class SizeCachingNodeFS extends NodeFS {
  readonly stats: FileSizeCacheStats = { hits: 0, misses: 0 };

  override async init(pg: PGlite, opts: EmscriptenOpts): Promise<InitResult> {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = emscriptenOpts.preRun ?? [];
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // After NodeFS's own step (which mounts the folder): wrap this Module's NODEFS.
        preRun: [
          ...(Array.isArray(preRun) ? preRun : [preRun]),
          (mod: { NODEFS: NodeFsOps }) => void cacheFileSizes(mod.NODEFS, this.stats),
        ],
      } as EmscriptenOpts,
    };
  }
}
