---- MODULE T_numbers ----
Foo == \b101 + \o17 + \h1F + 10
====
