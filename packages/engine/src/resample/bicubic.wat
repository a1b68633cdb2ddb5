;; One output row of resample/bicubic.ts in WebAssembly SIMD: the same positions, tests and
;; kernel as its TypeScript `resampleRow` (the fallback where this does not load), with each
;; pixel's three channels in the lanes of one f32x4 (the fourth is ignored). Sums run in float32
;; where the TypeScript runs in float64, so a pixel may round to a level off (rarely).
;; Compiled by `npm run build:wasm -w @uncrumple/engine` into bicubic-wasm.ts; the kernels' test
;; checks that the committed bytes are this file's.
;;
;; Pointers are byte offsets into the exported memory. The source (3 bytes a pixel) must have
;; 16 readable bytes after its end, the gains 16 after theirs, and the output row 1 after its
;; end: every pixel is stored as 4 bytes, the fourth overwritten by the next pixel.

(module
  (memory (export "memory") 1)

  ;; Pixels are widened to i32 lanes by i8x16.shuffle against $zero (index 16 picks a zero
  ;; byte): bytes o, o+1, o+2 of a 16-byte load become lanes 0..2, lane 3 is 0.

  ;; Output row: for X in 0..ow, the source position is
  ;;   (ax + bx·colF[X], ay + by·colF[X]) with a = row[colI[X]], b = row[colI[X] + di] − a
  ;; (rowX, rowY float64 per map column; colI int32, colF float64 per output column).
  ;; Outside the source (or NaN) the pixel is white. Inside, a flat 2×2 core (every channel
  ;; within FLAT of the top-left pixel's) is interpolated bilinearly, else by the Keys cubic
  ;; (4 float32 weights per 1/256 px step at `lut`), with edge taps clamped near the border.
  ;; With `shade` set: v · gain − offset, the gains (3 float32 a column) blended between the
  ;; reduced columns cx0[X] and cx0[X] + gstep by cfx[X], the offset likewise from `offsets`
  ;; (float32 a column) when `hasOffsets`, else `off`.
  (func $row (export "row")
    (param $src i32) (param $sw i32) (param $sh i32)
    (param $rowX i32) (param $rowY i32) (param $colI i32) (param $colF i32) (param $di i32)
    (param $ow i32) (param $out i32) (param $lut i32)
    (param $shade i32) (param $gains i32) (param $offsets i32) (param $hasOffsets i32)
    (param $cx0 i32) (param $cfx i32) (param $gstep i32) (param $off f32)
    (local $X i32) (local $o i32) (local $stride i32) (local $cell i32) (local $i0 i32)
    (local $ax f64) (local $ay f64) (local $bx f64) (local $by f64) (local $cf f64)
    (local $sx f64) (local $sy f64) (local $xMax f64) (local $yMax f64)
    (local $ix i32) (local $iy i32) (local $fx f64) (local $fy f64)
    (local $q i32) (local $qb i32) (local $p i32) (local $t i32) (local $s i32) (local $yy i32) (local $xx i32)
    (local $lx i32) (local $ly i32)
    (local $p00 v128) (local $p01 v128) (local $p10 v128)
    (local $p11 v128) (local $acc v128) (local $h v128)
    (local $wx0 v128) (local $wx1 v128) (local $wx2 v128) (local $wx3 v128)
    (local $gCell i32) (local $g v128) (local $d v128) (local $s0 f32) (local $ds f32)
    (local $f f32) (local $zero v128) (local $flat v128)
    (local.set $stride (i32.mul (local.get $sw) (i32.const 3)))
    (local.set $xMax (f64.sub (f64.convert_i32_s (local.get $sw)) (f64.const 0.5)))
    (local.set $yMax (f64.sub (f64.convert_i32_s (local.get $sh)) (f64.const 0.5)))
    (local.set $cell (i32.const -1))
    (local.set $gCell (i32.const -1))
    (local.set $s0 (local.get $off))
    (local.set $flat (i32x4.splat (i32.const 3)))
    (local.set $o (local.get $out))
    (block $done
      (loop $px
        (br_if $done (i32.ge_u (local.get $X) (local.get $ow)))
        (local.set $i0 (i32.load (i32.add (local.get $colI) (i32.shl (local.get $X) (i32.const 2)))))
        (if (i32.ne (local.get $i0) (local.get $cell))
          (then
            (local.set $cell (local.get $i0))
            (local.set $ax (f64.load (i32.add (local.get $rowX) (i32.shl (local.get $i0) (i32.const 3)))))
            (local.set $ay (f64.load (i32.add (local.get $rowY) (i32.shl (local.get $i0) (i32.const 3)))))
            (local.set $bx (f64.sub
              (f64.load (i32.add (local.get $rowX)
                (i32.shl (i32.add (local.get $i0) (local.get $di)) (i32.const 3))))
              (local.get $ax)))
            (local.set $by (f64.sub
              (f64.load (i32.add (local.get $rowY)
                (i32.shl (i32.add (local.get $i0) (local.get $di)) (i32.const 3))))
              (local.get $ay)))))
        (local.set $cf (f64.load (i32.add (local.get $colF) (i32.shl (local.get $X) (i32.const 3)))))
        (local.set $sx (f64.add (local.get $ax) (f64.mul (local.get $bx) (local.get $cf))))
        (local.set $sy (f64.add (local.get $ay) (f64.mul (local.get $by) (local.get $cf))))
        ;; NaN fails every comparison, so it is white too.
        (if (i32.eqz (i32.and
              (i32.and (f64.ge (local.get $sx) (f64.const -0.5)) (f64.le (local.get $sx) (local.get $xMax)))
              (i32.and (f64.ge (local.get $sy) (f64.const -0.5)) (f64.le (local.get $sy) (local.get $yMax)))))
          (then
            (i32.store (local.get $o) (i32.const -1))
            (local.set $o (i32.add (local.get $o) (i32.const 3)))
            (local.set $X (i32.add (local.get $X) (i32.const 1)))
            (br $px)))
        ;; sx, sy >= -0.5 here, so truncating v + 1 and taking 1 floors.
        (local.set $ix (i32.sub (i32.trunc_f64_s (f64.add (local.get $sx) (f64.const 1))) (i32.const 1)))
        (local.set $iy (i32.sub (i32.trunc_f64_s (f64.add (local.get $sy) (f64.const 1))) (i32.const 1)))
        (local.set $fx (f64.sub (local.get $sx) (f64.convert_i32_s (local.get $ix))))
        (local.set $fy (f64.sub (local.get $sy) (f64.convert_i32_s (local.get $iy))))
        (if (i32.and
              (i32.and (i32.ge_s (local.get $ix) (i32.const 1)) (i32.ge_s (local.get $iy) (i32.const 1)))
              (i32.and (i32.lt_s (i32.add (local.get $ix) (i32.const 2)) (local.get $sw))
                (i32.lt_s (i32.add (local.get $iy) (i32.const 2)) (local.get $sh))))
          (then
            (local.set $q (i32.add (local.get $src)
              (i32.add (i32.mul (local.get $iy) (local.get $stride)) (i32.mul (local.get $ix) (i32.const 3)))))
            (local.set $qb (i32.add (local.get $q) (local.get $stride)))
            (local.set $p00 (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=0 (local.get $q))))
            (local.set $p01 (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=3 (local.get $q))))
            (local.set $p10 (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=0 (local.get $qb))))
            (local.set $p11 (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=3 (local.get $qb))))
            ;; lane 3 holds the next byte: left out of the test
            (if (v128.any_true (v128.and (v128.const i32x4 -1 -1 -1 0) (i32x4.gt_s
                  (i32x4.max_s
                    (i32x4.abs (i32x4.sub (local.get $p01) (local.get $p00)))
                    (i32x4.max_s
                      (i32x4.abs (i32x4.sub (local.get $p10) (local.get $p00)))
                      (i32x4.abs (i32x4.sub (local.get $p11) (local.get $p00)))))
                  (local.get $flat))))
              (then
                ;; Keys cubic over the 4×4 taps from (ix − 1, iy − 1).
                (local.set $lx (i32.add (local.get $lut)
                  (i32.shl (i32.trunc_f64_s (f64.mul (local.get $fx) (f64.const 256))) (i32.const 4))))
                (local.set $ly (i32.add (local.get $lut)
                  (i32.shl (i32.trunc_f64_s (f64.mul (local.get $fy) (f64.const 256))) (i32.const 4))))
                (local.set $wx0 (v128.load32_splat (local.get $lx)))
                (local.set $wx1 (v128.load32_splat offset=4 (local.get $lx)))
                (local.set $wx2 (v128.load32_splat offset=8 (local.get $lx)))
                (local.set $wx3 (v128.load32_splat offset=12 (local.get $lx)))
                (local.set $p (i32.sub (i32.sub (local.get $q) (local.get $stride)) (i32.const 3)))
                (local.set $acc (f32x4.splat (f32.const 0)))
                (local.set $t (i32.const 0))
                (loop $rows
                  (local.set $h
                    (f32x4.add
                      (f32x4.add
                        (f32x4.mul (local.get $wx0) (f32x4.convert_i32x4_s
                          (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=0 (local.get $p)))))
                        (f32x4.mul (local.get $wx1) (f32x4.convert_i32x4_s
                          (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=3 (local.get $p))))))
                      (f32x4.add
                        (f32x4.mul (local.get $wx2) (f32x4.convert_i32x4_s
                          (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=6 (local.get $p)))))
                        (f32x4.mul (local.get $wx3) (f32x4.convert_i32x4_s
                          (i32x4.extend_low_i16x8_u (v128.load8x8_u offset=9 (local.get $p))))))))
                  (local.set $acc (f32x4.add (local.get $acc)
                    (f32x4.mul (local.get $h)
                      (v128.load32_splat (i32.add (local.get $ly) (i32.shl (local.get $t) (i32.const 2)))))))
                  (local.set $p (i32.add (local.get $p) (local.get $stride)))
                  (local.set $t (i32.add (local.get $t) (i32.const 1)))
                  (br_if $rows (i32.lt_u (local.get $t) (i32.const 4)))))
              (else
                ;; Flat core (paper, mostly): bilinear, within a level or two of the cubic.
                (local.set $wx0 (f32x4.splat (f32.demote_f64 (local.get $fx))))
                (local.set $p00 (f32x4.convert_i32x4_s (local.get $p00)))
                (local.set $p10 (f32x4.convert_i32x4_s (local.get $p10)))
                ;; top and bottom edges at fx, then between them at fy
                (local.set $p00 (f32x4.add (local.get $p00) (f32x4.mul (local.get $wx0)
                  (f32x4.sub (f32x4.convert_i32x4_s (local.get $p01)) (local.get $p00)))))
                (local.set $p10 (f32x4.add (local.get $p10) (f32x4.mul (local.get $wx0)
                  (f32x4.sub (f32x4.convert_i32x4_s (local.get $p11)) (local.get $p10)))))
                (local.set $acc (f32x4.add (local.get $p00)
                  (f32x4.mul (f32x4.splat (f32.demote_f64 (local.get $fy)))
                    (f32x4.sub (local.get $p10) (local.get $p00))))))))
          (else
            ;; Border: taps clamped to the edge (replicated).
            (local.set $lx (i32.add (local.get $lut)
              (i32.shl (i32.trunc_f64_s (f64.mul (local.get $fx) (f64.const 256))) (i32.const 4))))
            (local.set $ly (i32.add (local.get $lut)
              (i32.shl (i32.trunc_f64_s (f64.mul (local.get $fy) (f64.const 256))) (i32.const 4))))
            (local.set $acc (f32x4.splat (f32.const 0)))
            (local.set $t (i32.const 0))
            (loop $ty
              (local.set $yy (i32.add (i32.sub (local.get $iy) (i32.const 1)) (local.get $t)))
              (if (i32.lt_s (local.get $yy) (i32.const 0)) (then (local.set $yy (i32.const 0))))
              (if (i32.ge_s (local.get $yy) (local.get $sh))
                (then (local.set $yy (i32.sub (local.get $sh) (i32.const 1)))))
              (local.set $h (f32x4.splat (f32.const 0)))
              (local.set $s (i32.const 0))
              (loop $tx
                (local.set $xx (i32.add (i32.sub (local.get $ix) (i32.const 1)) (local.get $s)))
                (if (i32.lt_s (local.get $xx) (i32.const 0)) (then (local.set $xx (i32.const 0))))
                (if (i32.ge_s (local.get $xx) (local.get $sw))
                  (then (local.set $xx (i32.sub (local.get $sw) (i32.const 1)))))
                (local.set $h (f32x4.add (local.get $h)
                  (f32x4.mul
                    (v128.load32_splat (i32.add (local.get $lx) (i32.shl (local.get $s) (i32.const 2))))
                    (f32x4.convert_i32x4_s
                      (i8x16.shuffle 0 16 16 16 1 16 16 16 2 16 16 16 16 16 16 16
                        (v128.load32_zero (i32.add (local.get $src)
                          (i32.add (i32.mul (local.get $yy) (local.get $stride))
                            (i32.mul (local.get $xx) (i32.const 3)))))
                        (local.get $zero))))))
                (local.set $s (i32.add (local.get $s) (i32.const 1)))
                (br_if $tx (i32.lt_u (local.get $s) (i32.const 4))))
              (local.set $acc (f32x4.add (local.get $acc)
                (f32x4.mul (local.get $h)
                  (v128.load32_splat (i32.add (local.get $ly) (i32.shl (local.get $t) (i32.const 2)))))))
              (local.set $t (i32.add (local.get $t) (i32.const 1)))
              (br_if $ty (i32.lt_u (local.get $t) (i32.const 4))))))
        (if (local.get $shade)
          (then
            (local.set $i0 (i32.load (i32.add (local.get $cx0) (i32.shl (local.get $X) (i32.const 2)))))
            (if (i32.ne (local.get $i0) (local.get $gCell))
              (then
                (local.set $gCell (local.get $i0))
                (local.set $g (v128.load (i32.add (local.get $gains) (i32.mul (local.get $i0) (i32.const 12)))))
                (local.set $d (f32x4.sub
                  (v128.load (i32.add (local.get $gains)
                    (i32.mul (i32.add (local.get $i0) (local.get $gstep)) (i32.const 12))))
                  (local.get $g)))
                (if (local.get $hasOffsets)
                  (then
                    (local.set $s0 (f32.load (i32.add (local.get $offsets) (i32.shl (local.get $i0) (i32.const 2)))))
                    (local.set $ds (f32.sub
                      (f32.load (i32.add (local.get $offsets)
                        (i32.shl (i32.add (local.get $i0) (local.get $gstep)) (i32.const 2))))
                      (local.get $s0)))))))
            (local.set $f (f32.load (i32.add (local.get $cfx) (i32.shl (local.get $X) (i32.const 2)))))
            (local.set $acc (f32x4.sub
              (f32x4.mul (local.get $acc)
                (f32x4.add (local.get $g) (f32x4.mul (local.get $d) (f32x4.splat (local.get $f)))))
              (f32x4.splat (f32.add (local.get $s0) (f32.mul (local.get $ds) (local.get $f))))))))
        ;; Round half to even and clamp to 0..255 (NaN → 0), like a Uint8ClampedArray store.
        (local.set $h (i32x4.trunc_sat_f32x4_s (f32x4.nearest (local.get $acc))))
        (local.set $h (i16x8.narrow_i32x4_s (local.get $h) (local.get $h)))
        (v128.store32_lane 0 (local.get $o) (i8x16.narrow_i16x8_u (local.get $h) (local.get $h)))
        (local.set $o (i32.add (local.get $o) (i32.const 3)))
        (local.set $X (i32.add (local.get $X) (i32.const 1)))
        (br $px))))
)
