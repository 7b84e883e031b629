Here is the spec:
```tla
---- MODULE T_markdown_fence ----
Foo == 1
====
```
Done.
