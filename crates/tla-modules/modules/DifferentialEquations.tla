-------------------------- MODULE DifferentialEquations -------------------------
(*****************************************************************************)
(* Solving ordinary differential equations, after "Specifying Systems"      *)
(* (section 11.1.3).  Written for SysMoBench-rs; defined in TLA+ (over the  *)
(* reals, which the evaluator rejects, like TLC).                           *)
(*****************************************************************************)
LOCAL INSTANCE Reals
LOCAL INSTANCE Sequences

LOCAL PosReal == {x \in Real : 0 < x}

LOCAL OpenInterval(a, b) == {x \in Real : a < x /\ x < b}

LOCAL Nbhd(r, e) ==
  (* The reals closer than e to r. *)
  OpenInterval(r - e, r + e)

LOCAL IsFirstDeriv(df, f) ==
  (* df is the derivative of the real function f: at every point r of its *)
  (* domain, (f[s] - f[r]) / (s - r) tends to df[r] as s tends to r.      *)
  /\ df \in [DOMAIN f -> Real]
  /\ \A r \in DOMAIN f :
       \A e \in PosReal : \E d \in PosReal :
         \A s \in Nbhd(r, d) \ {r} : (f[s] - f[r]) / (s - r) \in Nbhd(df[r], e)

LOCAL IsDeriv(n, df, f) ==
  (* df is the n-th derivative of f: a chain of first derivatives leads *)
  (* from f to df in n steps.                                            *)
  \E chain \in [0 .. n -> [DOMAIN f -> Real]] :
     /\ chain[0] = f
     /\ chain[n] = df
     /\ \A k \in 1 .. n : IsFirstDeriv(chain[k], chain[k - 1])

Integrate(D, a, b, InitVals) ==
  (* For the equation D[<<r, f[r], f'[r], ..., f^(n)[r]>>] = 0 with         *)
  (* n = Len(InitVals) and the initial values f^(i-1)[a] = InitVals[i]: the *)
  (* tuple <<f[b], f'[b], ..., f^(n-1)[b]>> for the solution f.             *)
  LET n == Len(InitVals)
      IsSolution(g, e) ==
        (* g[0] solves the equation on an interval around a .. b, and g[i] *)
        (* is its i-th derivative.                                         *)
        LET Around == OpenInterval(a - e, b + e)
        IN  /\ g \in [0 .. n -> [Around -> Real]]
            /\ \A i \in 1 .. n : IsDeriv(i, g[i], g[0]) /\ g[i - 1][a] = InitVals[i]
            /\ \A r \in Around : D[[j \in 1 .. (n + 2) |-> IF j = 1 THEN r ELSE g[j - 2][r]]] = 0
      solution == CHOOSE g : \E e \in PosReal : IsSolution(g, e)
  IN  [i \in 1 .. n |-> solution[i - 1][b]]
===============================================================================
