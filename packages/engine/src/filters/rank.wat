;; Square min/max (rank) filter kernels in WebAssembly SIMD, for filters/rank-filter.ts.
;; Compiled by `npm run build:wasm -w @uncrumple/engine` into rank-wasm.ts (the bytes the engine
;; loads); rank-filter.test.ts checks that the committed bytes are this file's.
;;
;; Samples are int32: non-negative float32 values read as their bit patterns order like the
;; floats, so i32x4.max_s / min_s on them give the floats' max / min exactly (the caller checks
;; the sign bits that `hpass` returns and takes another path when any is set).
;; Pointers are byte offsets into the exported memory; counts are in samples. Every loop runs
;; four samples at a time and finishes the last 1–3 one by one, so nothing is written past a
;; row's end (a filtered row next to it may still be needed).

(module
  (memory (export "memory") 1)

  ;; dst[0..n) = op(a[0..n), b[0..n)), op = max when $isMax, else min. dst may be a or b.
  (func $rows (export "rows")
    (param $dst i32) (param $a i32) (param $b i32) (param $n i32) (param $isMax i32)
    (local $end i32) (local $p i32) (local $va i32) (local $vb i32)
    ;; byte offset of the last whole vector's end
    (local.set $end (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2)))
    (local.set $p (i32.const 0))
    (if (local.get $isMax)
      (then
        (block $vdone
          (loop $v
            (br_if $vdone (i32.ge_u (local.get $p) (local.get $end)))
            (v128.store (i32.add (local.get $dst) (local.get $p))
              (i32x4.max_s
                (v128.load (i32.add (local.get $a) (local.get $p)))
                (v128.load (i32.add (local.get $b) (local.get $p)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (br $v))))
      (else
        (block $vdone
          (loop $v
            (br_if $vdone (i32.ge_u (local.get $p) (local.get $end)))
            (v128.store (i32.add (local.get $dst) (local.get $p))
              (i32x4.min_s
                (v128.load (i32.add (local.get $a) (local.get $p)))
                (v128.load (i32.add (local.get $b) (local.get $p)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (br $v)))))
    ;; the last n mod 4 samples
    (local.set $end (i32.shl (local.get $n) (i32.const 2)))
    (block $sdone
      (loop $s
        (br_if $sdone (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $va (i32.load (i32.add (local.get $a) (local.get $p))))
        (local.set $vb (i32.load (i32.add (local.get $b) (local.get $p))))
        (i32.store (i32.add (local.get $dst) (local.get $p))
          (select (local.get $va) (local.get $vb)
            (i32.xor
              (i32.gt_s (local.get $va) (local.get $vb))
              (i32.eqz (local.get $isMax)))))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $s))))

  ;; One row: dst[x] = op(src[x - r .. x + r] within 0..w-1) for x in 0..w-1 (0 < r).
  ;; `buf` is scratch of at least w + 4r + 12 samples. Returns the OR of the row's samples.
  ;; The row is copied into buf between r pads that never win (INT_MIN for max, INT_MAX for
  ;; min); doubling steps then leave buf[i] = op(row over [i - r, i - r + P)) for P the largest
  ;; power of two ≤ k = 2r + 1, and two of those windows, P apart less k - P, cover each
  ;; window of k (max and min are idempotent, so the overlap is harmless).
  (func $line
    (param $src i32) (param $dst i32) (param $w i32) (param $r i32) (param $isMax i32)
    (param $buf i32) (result i32)
    (local $pad i32) (local $padv v128) (local $len i32) (local $k i32) (local $s i32)
    (local $p i32) (local $end i32) (local $q i32) (local $sign v128) (local $or i32)
    (local $va i32) (local $vb i32)
    (local.set $pad
      (select (i32.const 0x80000000) (i32.const 0x7fffffff) (local.get $isMax)))
    (local.set $padv (i32x4.splat (local.get $pad)))
    (local.set $k (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)))
    (local.set $len (i32.add (local.get $w) (i32.shl (local.get $r) (i32.const 1))))
    ;; pads: [0, r) and [r + w, len + k + 8) (the doubling steps read up to k + 3 past len)
    (local.set $p (i32.const 0))
    (local.set $end (i32.shl (local.get $r) (i32.const 2)))
    (block $d1
      (loop $l1
        (br_if $d1 (i32.ge_u (local.get $p) (local.get $end)))
        (i32.store (i32.add (local.get $buf) (local.get $p)) (local.get $pad))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $l1)))
    (local.set $p (i32.shl (i32.add (local.get $r) (local.get $w)) (i32.const 2)))
    (local.set $end
      (i32.shl (i32.add (i32.add (local.get $len) (local.get $k)) (i32.const 8)) (i32.const 2)))
    (block $d2
      (loop $l2
        (br_if $d2 (i32.ge_u (local.get $p) (local.get $end)))
        (i32.store (i32.add (local.get $buf) (local.get $p)) (local.get $pad))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $l2)))
    (memory.copy
      (i32.add (local.get $buf) (i32.shl (local.get $r) (i32.const 2)))
      (local.get $src)
      (i32.shl (local.get $w) (i32.const 2)))
    ;; sign bits of the row
    (local.set $sign (v128.const i32x4 0 0 0 0))
    (local.set $p (i32.const 0))
    (local.set $end (i32.shl (i32.and (local.get $w) (i32.const -4)) (i32.const 2)))
    (block $d3
      (loop $l3
        (br_if $d3 (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $sign
          (v128.or (local.get $sign) (v128.load (i32.add (local.get $src) (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $l3)))
    (local.set $or
      (i32.or
        (i32.or (i32x4.extract_lane 0 (local.get $sign)) (i32x4.extract_lane 1 (local.get $sign)))
        (i32.or (i32x4.extract_lane 2 (local.get $sign)) (i32x4.extract_lane 3 (local.get $sign)))))
    (local.set $end (i32.shl (local.get $w) (i32.const 2)))
    (block $d4
      (loop $l4
        (br_if $d4 (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $or (i32.or (local.get $or) (i32.load (i32.add (local.get $src) (local.get $p)))))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $l4)))
    ;; doubling: buf[i] = op(buf[i], buf[i + s]) for s = 1, 2, 4, … while 2s ≤ k, in place
    ;; (a step reads a vector before storing it, and later vectors only read further on)
    (local.set $end (i32.shl (local.get $len) (i32.const 2)))
    (local.set $s (i32.const 1))
    (block $d5
      (loop $l5
        (br_if $d5 (i32.gt_u (i32.shl (local.get $s) (i32.const 1)) (local.get $k)))
        (local.set $q (i32.shl (local.get $s) (i32.const 2)))
        (local.set $p (local.get $buf))
        (if (local.get $isMax)
          (then
            (block $d6
              (loop $l6
                (br_if $d6 (i32.ge_u (local.get $p) (i32.add (local.get $buf) (local.get $end))))
                (v128.store (local.get $p)
                  (i32x4.max_s
                    (v128.load (local.get $p))
                    (v128.load (i32.add (local.get $p) (local.get $q)))))
                (local.set $p (i32.add (local.get $p) (i32.const 16)))
                (br $l6))))
          (else
            (block $d6
              (loop $l6
                (br_if $d6 (i32.ge_u (local.get $p) (i32.add (local.get $buf) (local.get $end))))
                (v128.store (local.get $p)
                  (i32x4.min_s
                    (v128.load (local.get $p))
                    (v128.load (i32.add (local.get $p) (local.get $q)))))
                (local.set $p (i32.add (local.get $p) (i32.const 16)))
                (br $l6)))))
        (local.set $s (i32.shl (local.get $s) (i32.const 1)))
        (br $l5)))
    ;; dst[x] = op(buf[x], buf[x + k - P]) (s = P now)
    (call $rows
      (local.get $dst)
      (local.get $buf)
      (i32.add (local.get $buf) (i32.shl (i32.sub (local.get $k) (local.get $s)) (i32.const 2)))
      (local.get $w)
      (local.get $isMax))
    (local.get $or))

  ;; Horizontal pass over h rows of w: dst = op over ±r along each row (0 < r). Returns the OR
  ;; of every sample of src (its sign bit tells whether the int order holds).
  (func (export "hpass")
    (param $src i32) (param $dst i32) (param $w i32) (param $h i32) (param $r i32)
    (param $isMax i32) (param $buf i32) (result i32)
    (local $y i32) (local $row i32) (local $or i32)
    (local.set $row (i32.shl (local.get $w) (i32.const 2)))
    (block $done
      (loop $l
        (br_if $done (i32.ge_u (local.get $y) (local.get $h)))
        (local.set $or
          (i32.or (local.get $or)
            (call $line
              (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $row)))
              (local.get $w) (local.get $r) (local.get $isMax) (local.get $buf))))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $l)))
    (local.get $or))

  ;; Vertical pass over whole rows (van Herk / Gil–Werman, blocks of k = 2r + 1 rows aligned at
  ;; the top, 0 < r < h): dst = op over ±r down each column. src is used as scratch (it ends
  ;; holding each block's extremes to the block end); dst holds the extremes from the block
  ;; start until each output row combines the two.
  (func (export "vpass")
    (param $src i32) (param $dst i32) (param $w i32) (param $h i32) (param $r i32)
    (param $isMax i32)
    (local $k i32) (local $row i32) (local $s i32) (local $e i32) (local $y i32)
    (local $top i32) (local $last i32) (local $from i32)
    (local.set $k (i32.add (i32.shl (local.get $r) (i32.const 1)) (i32.const 1)))
    (local.set $row (i32.shl (local.get $w) (i32.const 2)))
    (block $bdone
      (loop $b
        (br_if $bdone (i32.ge_u (local.get $s) (local.get $h)))
        (local.set $e (i32.add (local.get $s) (local.get $k)))
        (if (i32.gt_u (local.get $e) (local.get $h)) (then (local.set $e (local.get $h))))
        (memory.copy
          (i32.add (local.get $dst) (i32.mul (local.get $s) (local.get $row)))
          (i32.add (local.get $src) (i32.mul (local.get $s) (local.get $row)))
          (local.get $row))
        ;; g: from the block start down
        (local.set $y (i32.add (local.get $s) (i32.const 1)))
        (block $gdone
          (loop $g
            (br_if $gdone (i32.ge_u (local.get $y) (local.get $e)))
            (call $rows
              (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $dst) (i32.mul (i32.sub (local.get $y) (i32.const 1)) (local.get $row)))
              (local.get $w) (local.get $isMax))
            (local.set $y (i32.add (local.get $y) (i32.const 1)))
            (br $g)))
        ;; h: from the block end up, in src
        (local.set $y (i32.sub (local.get $e) (i32.const 2)))
        (block $hdone
          (loop $hl
            (br_if $hdone (i32.lt_s (local.get $y) (local.get $s)))
            (call $rows
              (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $src) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $src) (i32.mul (i32.add (local.get $y) (i32.const 1)) (local.get $row)))
              (local.get $w) (local.get $isMax))
            (local.set $y (i32.sub (local.get $y) (i32.const 1)))
            (br $hl)))
        (local.set $s (local.get $e))
        (br $b)))
    ;; rows above r: the window is clipped at the top, g at row min(y + r, h - 1) alone
    (local.set $top (select (local.get $r) (local.get $h) (i32.lt_u (local.get $r) (local.get $h))))
    (local.set $y (i32.const 0))
    (block $tdone
      (loop $t
        (br_if $tdone (i32.ge_u (local.get $y) (local.get $top)))
        (local.set $from (i32.add (local.get $y) (local.get $r)))
        (if (i32.gt_u (local.get $from) (i32.sub (local.get $h) (i32.const 1)))
          (then (local.set $from (i32.sub (local.get $h) (i32.const 1)))))
        (memory.copy
          (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $row)))
          (i32.add (local.get $dst) (i32.mul (local.get $from) (local.get $row)))
          (local.get $row))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $t)))
    ;; the rest: op(h at y - r, g at min(y + r, h - 1)); a window that reaches past the bottom
    ;; and starts inside the last block is h alone
    (local.set $last (i32.div_u (i32.sub (local.get $h) (i32.const 1)) (local.get $k)))
    (local.set $y (local.get $r))
    (block $rdone
      (loop $rl
        (br_if $rdone (i32.ge_u (local.get $y) (local.get $h)))
        (local.set $from (i32.add (local.get $y) (local.get $r)))
        (if (i32.and
              (i32.ge_u (local.get $from) (local.get $h))
              (i32.eq
                (i32.div_u (i32.sub (local.get $y) (local.get $r)) (local.get $k))
                (local.get $last)))
          (then
            (memory.copy
              (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $src)
                (i32.mul (i32.sub (local.get $y) (local.get $r)) (local.get $row)))
              (local.get $row)))
          (else
            (if (i32.gt_u (local.get $from) (i32.sub (local.get $h) (i32.const 1)))
              (then (local.set $from (i32.sub (local.get $h) (i32.const 1)))))
            (call $rows
              (i32.add (local.get $dst) (i32.mul (local.get $y) (local.get $row)))
              (i32.add (local.get $src)
                (i32.mul (i32.sub (local.get $y) (local.get $r)) (local.get $row)))
              (i32.add (local.get $dst) (i32.mul (local.get $from) (local.get $row)))
              (local.get $w) (local.get $isMax))))
        (local.set $y (i32.add (local.get $y) (i32.const 1)))
        (br $rl))))
)
