/**
 * Megabyte buffers handed out again once written: a download that fills fresh buffers pays a page fault per
 * 4 KB and the collector's time, about a third of a fast link's throughput (issue 49's bench:media).
 */
export class ChunkPool {
  private readonly free: Buffer[] = [];
  private readonly mine = new WeakSet<ArrayBufferLike>();
  constructor(
    readonly size: number,
    /** Free chunks kept at most; beyond that a returned chunk is left to the collector. */
    private readonly keep: number,
  ) {}

  take(): Buffer {
    const chunk = this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
    this.mine.add(chunk.buffer);
    return chunk;
  }

  /**
   * Takes back a piece its holder is done with. Only a piece that starts a chunk of this pool counts: a
   * chunk is never cut in two pieces, so the piece's end of life is the chunk's.
   */
  give(piece: Buffer): void {
    if (piece.byteOffset !== 0 || !this.mine.has(piece.buffer) || this.free.length >= this.keep) return;
    this.mine.delete(piece.buffer);
    this.free.push(Buffer.from(piece.buffer, 0, this.size));
  }
}
