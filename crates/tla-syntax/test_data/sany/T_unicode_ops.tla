---- MODULE T_unicode_ops ----
Foo ≜ ∀ x ∈ {1} : x ≤ 2 ∧ ⟨1⟩ ≠ ⟨2⟩
====
