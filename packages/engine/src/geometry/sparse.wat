;; The sparse half of the normal-equations product in geometry/sparse.ts (`normalProduct`):
;; out = AᵀA·p over AᵀA in CSR, and p·out. The same float64 operations in the same order as the
;; TypeScript loop, so the same bits; here without a bounds check per entry, about three times
;; faster. Compiled by `npm run build:wasm -w @uncrumple/engine` into sparse-wasm.ts; the
;; kernels' test checks that the committed bytes are this file's.
;;
;; Pointers are byte offsets into the exported memory: ptr (n + 1 int32), idx (int32 a column),
;; val (float64 an entry), p and out (n float64).

(module
  (memory (export "memory") 1)

  (func $product (export "product")
    (param $ptr i32) (param $idx i32) (param $val i32) (param $p i32) (param $out i32)
    (param $n i32) (result f64)
    (local $j i32) (local $k i32) (local $end i32) (local $s f64) (local $pAp f64)
    (local.set $k (i32.load (local.get $ptr)))
    (block $done
      (loop $rows
        (br_if $done (i32.ge_u (local.get $j) (local.get $n)))
        (local.set $end (i32.load offset=4 (i32.add (local.get $ptr) (i32.shl (local.get $j) (i32.const 2)))))
        (local.set $s (f64.const 0))
        (block $rowDone
          (loop $entries
            (br_if $rowDone (i32.ge_s (local.get $k) (local.get $end)))
            (local.set $s (f64.add (local.get $s)
              (f64.mul
                (f64.load (i32.add (local.get $val) (i32.shl (local.get $k) (i32.const 3))))
                (f64.load (i32.add (local.get $p)
                  (i32.shl (i32.load (i32.add (local.get $idx) (i32.shl (local.get $k) (i32.const 2))))
                    (i32.const 3)))))))
            (local.set $k (i32.add (local.get $k) (i32.const 1)))
            (br $entries)))
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3))) (local.get $s))
        (local.set $pAp (f64.add (local.get $pAp)
          (f64.mul (local.get $s)
            (f64.load (i32.add (local.get $p) (i32.shl (local.get $j) (i32.const 3)))))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $rows)))
    (local.get $pAp))
)
