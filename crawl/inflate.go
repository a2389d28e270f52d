package crawl

// This file holds the decompression of an entry's bodies: a DEFLATE
// decoder (RFC 1951) for a stream whose decompressed size is known, which
// writes straight into the bodies' array. compress/flate decodes the same
// streams (the fuzz test holds the two to the same answers), but through a
// 32 KB window, reading a byte at a time through an io.ByteReader, and
// allocating tables for each block: on the entry of realistic_5k.txt this
// decoder takes half its time (BenchmarkInflate), which is most of what a
// miss served from a Store spends past the round trip and the parse.

import (
	"encoding/binary"
	"errors"
	"math/bits"
)

// Errors of inflate; the decoder wraps them in ErrBadEntry.
var (
	errInflateTruncated = errors.New("truncated stream")
	errInflateCorrupt   = errors.New("corrupt stream")
	errInflateLong      = errors.New("more bytes than declared")
	errInflateShort     = errors.New("fewer bytes than declared")
	errInflateTrailing  = errors.New("bytes after the stream")
)

// Huffman decoding: a table indexed by the next tableBits bits of the
// stream gives a code of at most tableBits bits as its symbol<<4 | its
// length; a longer code (DEFLATE's go up to 15 bits, and are the rare
// symbols) is decoded one bit at a time from the counts of codes of each
// length and the symbols in code order, as RFC 1951 3.2.2 builds them.
const (
	tableBits = 9
	maxCode   = 15
)

// A huffman is the decoding of one Huffman code.
type huffman struct {
	bits   uint                   // of the table used: tableBits, or the longest code if shorter
	used   uint16                 // symbols that have a code
	table  [1 << tableBits]uint16 // 0 for a prefix of a longer code, or of none
	count  [maxCode + 1]uint16    // codes of each length
	symbol [288]uint16            // symbols, by code
}

// init builds h from each symbol's code length (0: not used). It returns
// false for lengths that make no code: over-subscribed, or incomplete
// other than one code of one bit (which zlib writes for a single distance,
// and compress/flate accepts too). No lengths at all make an empty code,
// which decodes nothing.
func (h *huffman) init(lengths []uint8) bool {
	h.count = [maxCode + 1]uint16{}
	for _, n := range lengths {
		h.count[n]++
	}
	h.count[0] = 0
	var offs [maxCode + 2]uint16 // first index in symbol of each length
	left := 1                    // codes still free at the current length
	for n := 1; n <= maxCode; n++ {
		left = left<<1 - int(h.count[n])
		if left < 0 {
			return false
		}
		offs[n+1] = offs[n] + h.count[n]
	}
	used := offs[maxCode+1]
	h.used = used
	if left != 0 && !(used == 1 && h.count[1] == 1) && used != 0 {
		return false
	}
	h.bits = tableBits
	for h.bits > 0 && offs[h.bits] == used {
		h.bits-- // every code is shorter: a smaller table
	}
	next := offs
	for s, n := range lengths {
		if n != 0 {
			h.symbol[next[n]] = uint16(s)
			next[n]++
		}
	}
	// The table for codes of up to n bits, doubled, is the table for
	// codes of up to n+1 bits but those of n+1 bits, which go in then:
	// each entry is written once, and a prefix of longer codes keeps the
	// 0 of the first. Codes of one length are in canonical order: by
	// symbol.
	h.table[0] = 0
	code := 0 // the canonical code of the next symbol of length n
	for n := 1; n <= int(h.bits); n++ {
		copy(h.table[1<<(n-1):1<<n], h.table[:1<<(n-1)])
		for i := offs[n]; i < offs[n+1]; i++ {
			h.table[bits.Reverse16(uint16(code))>>(16-n)] = h.symbol[i]<<4 | uint16(n)
			code++
		}
		code <<= 1
	}
	return true
}

// An inflation is the state of one decompression: the stream, its bits not
// yet used (LSB first) and the output.
type inflation struct {
	src  []byte
	pos  int    // next byte of src to load into bits
	bits uint64 // n bits read ahead, and above them maybe bits of src[pos:]
	n    uint
	out  []byte
	w    int // bytes written to out
	lit  huffman
	dist huffman
}

// fill loads bits until there are at least 56, or src has no more.
func (f *inflation) fill() {
	if f.pos+8 <= len(f.src) {
		f.bits |= binary.LittleEndian.Uint64(f.src[f.pos:]) << f.n
		f.pos += int(63-f.n) >> 3
		f.n |= 56
		return
	}
	for f.n <= 56 && f.pos < len(f.src) {
		f.bits |= uint64(f.src[f.pos]) << f.n
		f.pos++
		f.n += 8
	}
}

// take returns the next k bits (k at most 32), after a fill.
func (f *inflation) take(k uint) (uint32, error) {
	if f.n < k {
		return 0, errInflateTruncated
	}
	v := uint32(f.bits & (1<<k - 1))
	f.bits >>= k
	f.n -= k
	return v, nil
}

// What slow and the decoding of a symbol give in place of one: no code
// (a stream of an incomplete code, or of an empty one), or the end of the
// stream within a code.
const (
	noCode   = -1
	needBits = -2
)

// symErr is the error of a symbol noCode or needBits.
func symErr(sym int) error {
	if sym == noCode {
		return errInflateCorrupt
	}
	return errInflateTruncated
}

// decode returns the next symbol of h, after a fill.
func (f *inflation) decode(h *huffman) (int, error) {
	sym := needBits
	if e := h.table[f.bits&(1<<h.bits-1)]; e == 0 {
		sym, f.bits, f.n = h.slow(f.bits, f.n)
	} else if k := uint(e & 15); k <= f.n {
		sym = int(e >> 4)
		f.bits >>= k
		f.n -= k
	}
	if sym < 0 {
		return 0, symErr(sym)
	}
	return sym, nil
}

// slow decodes the next symbol of h from n bits, one bit at a time (a code
// longer than the table's): it returns the symbol and the bits left, or
// noCode or needBits and the bits as they were.
func (h *huffman) slow(bits uint64, n uint) (int, uint64, uint) {
	code, first, index := 0, 0, 0
	for k := uint(1); k <= maxCode && index < int(h.used); k++ {
		if k > n {
			return needBits, bits, n
		}
		code |= int(bits>>(k-1)) & 1
		count := int(h.count[k])
		if code-first < count {
			return int(h.symbol[index+code-first]), bits >> k, n - k
		}
		index += count
		first = (first + count) << 1
		code <<= 1
	}
	return noCode, bits, n
}

// Lengths and distances: the base of each code and its extra bits.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

// fixedLit and fixedDist are the fixed codes (RFC 1951 3.2.6): 288
// literal/length codes and 32 distance codes, of which the last two of
// each are never valid.
var fixedLit, fixedDist = func() (lit, dist *huffman) {
	var l [288 + 32]uint8
	for i := range l {
		switch {
		case i >= 288:
			l[i] = 5
		case i < 144, i >= 280:
			l[i] = 8
		case i < 256:
			l[i] = 9
		default:
			l[i] = 7
		}
	}
	lit, dist = new(huffman), new(huffman)
	if !lit.init(l[:288]) || !dist.init(l[288:]) {
		panic("crawl: bad fixed codes")
	}
	return lit, dist
}()

// clOrder is the order of the code length code's lengths.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// inflate decompresses the DEFLATE stream src into out, which it must fill
// exactly, and src must end with the stream: it returns an error otherwise.
// It never writes past out, whatever src holds, reads src once and
// allocates nothing (TestInflateAllocs).
func inflate(out, src []byte) error {
	f := &inflation{src: src, out: out}
	for {
		f.fill()
		hdr, err := f.take(3)
		if err != nil {
			return err
		}
		switch hdr >> 1 {
		case 0:
			err = f.stored()
		case 1:
			err = f.block(fixedLit, fixedDist)
		case 2:
			if err = f.dynamic(); err == nil {
				err = f.block(&f.lit, &f.dist)
			}
		default:
			err = errInflateCorrupt
		}
		if err != nil {
			return err
		}
		if hdr&1 != 0 {
			break
		}
	}
	// The padding of the last byte is the stream's; whole bytes read ahead
	// are not.
	if f.pos-int(f.n/8) != len(src) {
		return errInflateTrailing
	}
	if f.w != len(out) {
		return errInflateShort
	}
	return nil
}

// stored copies a stored block.
func (f *inflation) stored() error {
	// Drop the rest of the byte, and give back the whole bytes read ahead.
	f.pos -= int(f.n / 8)
	f.bits, f.n = 0, 0
	if len(f.src)-f.pos < 4 {
		return errInflateTruncated
	}
	n := int(binary.LittleEndian.Uint16(f.src[f.pos:]))
	if uint16(n) != ^binary.LittleEndian.Uint16(f.src[f.pos+2:]) {
		return errInflateCorrupt
	}
	f.pos += 4
	switch {
	case len(f.src)-f.pos < n:
		return errInflateTruncated
	case len(f.out)-f.w < n:
		return errInflateLong
	}
	f.w += copy(f.out[f.w:], f.src[f.pos:f.pos+n])
	f.pos += n
	return nil
}

// dynamic reads the codes of a dynamic block into f.lit and f.dist.
func (f *inflation) dynamic() error {
	f.fill()
	h, err := f.take(14)
	if err != nil {
		return err
	}
	nlit, ndist, nclen := int(h&31)+257, int(h>>5&31)+1, int(h>>10)+4
	if nlit > 286 || ndist > 30 {
		return errInflateCorrupt
	}
	var lengths [286 + 30]uint8
	for i := 0; i < nclen; i++ {
		f.fill()
		v, err := f.take(3)
		if err != nil {
			return err
		}
		lengths[clOrder[i]] = uint8(v)
	}
	if !f.lit.init(lengths[:19]) {
		return errInflateCorrupt
	}
	lengths = [286 + 30]uint8{}
	for i := 0; i < nlit+ndist; {
		f.fill()
		sym, err := f.decode(&f.lit)
		if err != nil {
			return err
		}
		if sym < 16 {
			lengths[i] = uint8(sym)
			i++
			continue
		}
		var rep uint32
		var v uint8
		switch sym {
		case 16:
			if i == 0 {
				return errInflateCorrupt
			}
			v = lengths[i-1]
			rep, err = f.take(2)
			rep += 3
		case 17:
			rep, err = f.take(3)
			rep += 3
		default:
			rep, err = f.take(7)
			rep += 11
		}
		if err != nil {
			return err
		}
		if i+int(rep) > nlit+ndist {
			return errInflateCorrupt
		}
		for ; rep > 0; rep-- {
			lengths[i] = v
			i++
		}
	}
	if !f.lit.init(lengths[:nlit]) || !f.dist.init(lengths[nlit:nlit+ndist]) {
		return errInflateCorrupt
	}
	return nil
}

// block decodes the symbols of a block with the codes lit and dist, up to
// its end. It keeps the stream's state in local variables, which the
// compiler keeps in registers, and stores it back at the end of the block
// (after an error, it is of no use).
func (f *inflation) block(lit, dist *huffman) error {
	src, pos, bits, n := f.src, f.pos, f.bits, f.n
	out, w := f.out, f.w
	for {
		// Load at least 56 bits, as fill does: enough for a length, its
		// extra bits, a distance and its extra bits (15+5+15+13).
		if n < 48 {
			if pos+8 <= len(src) {
				bits |= binary.LittleEndian.Uint64(src[pos:]) << n
				pos += int(63-n) >> 3
				n |= 56
			} else {
				for n <= 56 && pos < len(src) {
					bits |= uint64(src[pos]) << n
					pos++
					n += 8
				}
			}
		}
		sym := needBits
		if e := lit.table[bits&(1<<lit.bits-1)]; e == 0 {
			sym, bits, n = lit.slow(bits, n)
		} else if k := uint(e & 15); k <= n {
			sym = int(e >> 4)
			bits >>= k
			n -= k
		}
		switch {
		case sym < 0:
			return symErr(sym)
		case sym < 256:
			if w == len(out) {
				return errInflateLong
			}
			out[w] = byte(sym)
			w++
			continue
		case sym == 256:
			f.pos, f.bits, f.n, f.w = pos, bits, n, w
			return nil
		case sym > 285:
			return errInflateCorrupt
		}
		sym -= 257
		k := uint(lengthExtra[sym])
		if k > n {
			return errInflateTruncated
		}
		length := int(lengthBase[sym]) + int(bits&(1<<k-1))
		bits >>= k
		n -= k
		d := needBits
		if e := dist.table[bits&(1<<dist.bits-1)]; e == 0 {
			d, bits, n = dist.slow(bits, n)
		} else if k := uint(e & 15); k <= n {
			d = int(e >> 4)
			bits >>= k
			n -= k
		}
		switch {
		case d < 0:
			return symErr(d)
		case d >= 30:
			return errInflateCorrupt
		}
		k = uint(distExtra[d])
		if k > n {
			return errInflateTruncated
		}
		dist := int(distBase[d]) + int(bits&(1<<k-1))
		bits >>= k
		n -= k
		switch {
		case dist > w:
			return errInflateCorrupt
		case length > len(out)-w:
			return errInflateLong
		}
		if dist >= length {
			copy(out[w:w+length], out[w-dist:])
		} else {
			for i := w; i < w+length; i++ {
				out[i] = out[i-dist]
			}
		}
		w += length
	}
}
