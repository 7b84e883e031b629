//! Modules and their units: SANY's `Module`, `Body`, declarations, definitions and instances.

use super::{Next, ParseResult, Parser};
use crate::ast::{
    Assume, Declaration, DeclarationShape, Definition, DefinitionKind, Expr, Instance, Module,
    Name, Substitution, Unit,
};
use crate::diagnostics::MISSING_MODULE;
use crate::operators::{self, SpellingClass};
use crate::token::{Keyword, TokenKind};
use tla_diagnostics::Span;

impl Parser<'_> {
    /// SANY's `CompilationUnit`: the first module of the file.
    pub(crate) fn compilation_unit(&mut self) -> Option<Module> {
        if self.tokens.len() == 1 {
            self.error_at(MISSING_MODULE, Span::default(), "Was expecting \"----\"".to_string());
            return None;
        }
        self.mark_next_definition();
        let mut module = None;
        let _ = self.module(&mut module);
        module
    }

    /// Parses a module into `out`, which holds whatever was parsed even when an error stops it.
    fn module(&mut self, out: &mut Option<Module>) -> ParseResult<()> {
        let start = self.expect(TokenKind::BeginModule, "---- MODULE")?;
        let name = self.module_name_token()?;
        if self.module_name.is_empty() {
            self.module_name = name.text.clone();
        }
        self.expect(TokenKind::Separator, "----")?;
        let mut extends = Vec::new();
        if self.eat(TokenKind::Keyword(Keyword::Extends))? {
            extends.push(self.module_name_token()?);
            while self.eat(TokenKind::Comma)? {
                extends.push(self.module_name_token()?);
            }
        }
        *out = Some(Module { name, extends, units: Vec::new(), span: start.span });
        loop {
            let unit = match self.unit() {
                Ok(Some(unit)) => unit,
                Ok(None) => break,
                Err(abort) => {
                    if let Some(module) = out.as_mut() {
                        module.span = self.span_from(start.span);
                    }
                    return Err(abort);
                }
            };
            if let Some(module) = out.as_mut() {
                module.units.push(unit);
            }
        }
        let end = self.expect(TokenKind::EndModule, "==== or more Module body");
        if let Some(module) = out.as_mut() {
            module.span = self.span_from(start.span);
        }
        end.map(|_| ())
    }

    /// A module name: an identifier or a reserved word SANY accepts as a name there.
    fn module_name_token(&mut self) -> ParseResult<Name> {
        let token = self.token();
        let accepted = match self.next() {
            Next::Token(TokenKind::Identifier | TokenKind::Underscore) => true,
            Next::Token(TokenKind::Keyword(keyword)) => keyword.is_field_name(),
            Next::Token(TokenKind::Operator(index)) => {
                operators::spelling(index).text.bytes().all(|byte| byte.is_ascii_uppercase())
            }
            _ => false,
        };
        if !accepted {
            return Err(self.unexpected("Identifier"));
        }
        self.bump()?;
        Ok(self.name_of(token))
    }

    /// One unit of a module body, or `None` at its end.
    fn unit(&mut self) -> ParseResult<Option<Unit>> {
        let unit = match self.next() {
            Next::Token(TokenKind::Separator) => Unit::Separator(self.bump()?.span),
            Next::Token(TokenKind::Keyword(Keyword::Variable)) => {
                self.bump()?;
                Unit::Variables(self.identifier_list()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Constant)) => {
                self.bump()?;
                let mut declarations = vec![self.constant_declaration()?];
                while self.eat(TokenKind::Comma)? {
                    declarations.push(self.constant_declaration()?);
                }
                Unit::Constants(declarations)
            }
            Next::Token(TokenKind::Keyword(Keyword::Recursive)) => self.recursive()?,
            Next::Token(TokenKind::Keyword(Keyword::Instance)) => {
                Unit::Instance(self.instance(false)?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Local))
                if self.kind_at(1) == TokenKind::Keyword(Keyword::Instance) =>
            {
                self.bump()?;
                Unit::Instance(self.instance(true)?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Assume | Keyword::Assumption)) => {
                self.assumption()?
            }
            Next::Token(TokenKind::Keyword(Keyword::Theorem | Keyword::Proposition)) => {
                self.theorem()?
            }
            Next::Token(TokenKind::BeginModule) => {
                let mut inner = None;
                let res = self.module(&mut inner);
                let saved_name = self.module_name.clone();
                self.module_name = saved_name;
                res?;
                self.mark_next_definition();
                match inner {
                    Some(module) => Unit::Module(module),
                    None => return Ok(None),
                }
            }
            Next::Token(TokenKind::Keyword(Keyword::Use))
                if self.kind_at(1) != TokenKind::Keyword(Keyword::Only) =>
            {
                Unit::UseOrHide(self.use_or_hide()?)
            }
            Next::Token(TokenKind::Keyword(Keyword::Hide)) => Unit::UseOrHide(self.use_or_hide()?),
            _ if self.at_definition_start() => Unit::Definition(self.definition()?),
            _ => return Ok(None),
        };
        Ok(Some(unit))
    }

    /// `[LOCAL]` followed by a definition break: a definition starts here.
    pub(crate) fn at_definition_start(&self) -> bool {
        if self.at_definition_break() {
            return true;
        }
        self.at_keyword(Keyword::Local)
            && self.definition_breaks[(self.pos + 1).min(self.tokens.len() - 1)]
    }

    /// `RECURSIVE F(_), G`.
    pub(crate) fn recursive(&mut self) -> ParseResult<Unit> {
        self.expect_keyword(Keyword::Recursive, "RECURSIVE")?;
        let mut declarations = vec![self.constant_declaration()?];
        while self.eat(TokenKind::Comma)? {
            declarations.push(self.constant_declaration()?);
        }
        Ok(Unit::Recursive(declarations))
    }

    /// SANY's `ConstantDeclarationItems`: `x`, `F(_, _)`, `-. _`, `_ + _`, `_ ^+`.
    fn constant_declaration(&mut self) -> ParseResult<Declaration> {
        let start = self.token().span;
        if self.at(TokenKind::Identifier) {
            let name = self.expect_identifier("Identifier, _ or prefix op")?;
            let mut arity = 0;
            if self.at(TokenKind::LeftParen) && self.kind_at(1) == TokenKind::Underscore {
                self.bump()?;
                self.expect(TokenKind::Underscore, "_")?;
                arity = 1;
                while self.eat(TokenKind::Comma)? {
                    self.expect(TokenKind::Underscore, "_")?;
                    arity += 1;
                }
                self.expect(TokenKind::RightParen, "comma or )")?;
            }
            let span = self.span_from(start);
            return Ok(Declaration { name, shape: DeclarationShape::Operator { arity }, span });
        }
        self.operator_declaration(start, "Identifier, _ or prefix op")
    }

    /// `-. _`, `~ _`, `_ + _` and `_ ^+` (SANY's `SomeFixDecl`).
    fn operator_declaration(&mut self, start: Span, expecting: &str) -> ParseResult<Declaration> {
        match self.operator_class() {
            Some(SpellingClass::Prefix | SpellingClass::MinusDot) => {
                let token = self.bump()?;
                self.expect(TokenKind::Underscore, "_")?;
                let name = self.name_of(token);
                Ok(Declaration {
                    name,
                    shape: DeclarationShape::Prefix,
                    span: self.span_from(start),
                })
            }
            _ if self.at(TokenKind::Underscore) => {
                self.bump()?;
                match self.operator_class() {
                    Some(SpellingClass::Infix) => {
                        let token = self.bump()?;
                        self.expect(TokenKind::Underscore, "_")?;
                        let name = self.name_of(token);
                        Ok(Declaration {
                            name,
                            shape: DeclarationShape::Infix,
                            span: self.span_from(start),
                        })
                    }
                    Some(SpellingClass::Postfix) => {
                        let token = self.bump()?;
                        let name = self.name_of(token);
                        Ok(Declaration {
                            name,
                            shape: DeclarationShape::Postfix,
                            span: self.span_from(start),
                        })
                    }
                    _ => Err(self.unexpected("prefix or postfix operator")),
                }
            }
            _ => Err(self.unexpected(expecting)),
        }
    }

    /// SANY's `OperatorOrFunctionDefinition` (also module definitions `I == INSTANCE M`).
    pub(crate) fn definition(&mut self) -> ParseResult<Definition> {
        let start = self.token().span;
        let local = self.eat(TokenKind::Keyword(Keyword::Local))?;
        if !self.eat_definition_break() {
            return Err(self.unexpected("LOCAL, Identifier or Operator Symbol"));
        }
        self.enter()?;
        let res = self.definition_after_break(start, local);
        self.leave();
        res
    }

    fn definition_after_break(&mut self, start: Span, local: bool) -> ParseResult<Definition> {
        let first_kind = self.kind_at(0);
        let second_class = match self.kind_at(1) {
            TokenKind::Operator(index) => Some(operators::spelling(index).class),
            _ => None,
        };
        if first_kind == TokenKind::Identifier && self.kind_at(1) == TokenKind::LeftBracket {
            let name = self.expect_identifier("Identifier")?;
            self.bump()?;
            let mut bounds = vec![self.quantifier_bound()?];
            while self.eat(TokenKind::Comma)? {
                bounds.push(self.quantifier_bound()?);
            }
            self.expect(TokenKind::RightBracket, "COMMA or ]")?;
            self.expect(TokenKind::DefEq, "==")?;
            self.mark_next_definition();
            let body = self.expression()?;
            let kind = DefinitionKind::Function { bounds, body };
            return Ok(Definition { local, name, kind, span: self.span_from(start) });
        }
        if first_kind == TokenKind::Identifier && second_class == Some(SpellingClass::Postfix) {
            let parameter = self.expect_identifier("Identifier")?;
            let operator = self.bump()?;
            return self.operator_definition_rest(
                start,
                local,
                self.name_of(operator),
                DeclarationShape::Postfix,
                vec![parameter],
            );
        }
        if first_kind == TokenKind::Identifier && second_class == Some(SpellingClass::Infix) {
            let left = self.expect_identifier("Identifier")?;
            let operator = self.bump()?;
            let right = self.expect_identifier("Identifier")?;
            return self.operator_definition_rest(
                start,
                local,
                self.name_of(operator),
                DeclarationShape::Infix,
                vec![left, right],
            );
        }
        if first_kind == TokenKind::Identifier
            && matches!(self.kind_at(1), TokenKind::LeftParen | TokenKind::DefEq)
        {
            let name = self.expect_identifier("Identifier")?;
            let mut parameters = Vec::new();
            if self.eat(TokenKind::LeftParen)? {
                parameters.push(self.parameter_declaration()?);
                while self.eat(TokenKind::Comma)? {
                    parameters.push(self.parameter_declaration()?);
                }
                self.expect(TokenKind::RightParen, "COMMA or )")?;
            }
            self.expect(TokenKind::DefEq, "==")?;
            self.mark_next_definition();
            if self.at_keyword(Keyword::Instance) {
                let instance = self.instance(local)?;
                let kind = DefinitionKind::Instance { parameters, instance };
                return Ok(Definition { local, name, kind, span: self.span_from(start) });
            }
            let body = self.expression()?;
            let shape = DeclarationShape::Operator { arity: parameters.len() };
            let kind = DefinitionKind::Operator { shape, parameters, body };
            return Ok(Definition { local, name, kind, span: self.span_from(start) });
        }
        // A prefix operator definition: `-. a == ...` or `~ a == ...`.
        match self.operator_class() {
            Some(SpellingClass::Prefix | SpellingClass::MinusDot) => {
                let operator = self.bump()?;
                let parameter = self.expect_identifier("Identifier")?;
                self.operator_definition_rest(
                    start,
                    local,
                    self.name_of(operator),
                    DeclarationShape::Prefix,
                    vec![parameter],
                )
            }
            _ => Err(self.unexpected("LOCAL, Identifier or Operator Symbol")),
        }
    }

    fn operator_definition_rest(
        &mut self,
        start: Span,
        local: bool,
        name: Name,
        shape: DeclarationShape,
        parameter_names: Vec<Name>,
    ) -> ParseResult<Definition> {
        self.expect(TokenKind::DefEq, "==")?;
        self.mark_next_definition();
        let body = self.expression()?;
        let parameters = parameter_names
            .into_iter()
            .map(|name| {
                let span = name.span;
                Declaration { name, shape: DeclarationShape::Operator { arity: 0 }, span }
            })
            .collect();
        let kind = DefinitionKind::Operator { shape, parameters, body };
        Ok(Definition { local, name, kind, span: self.span_from(start) })
    }

    /// A parameter of an operator definition: `x`, `F(_, _)` or an operator shape.
    fn parameter_declaration(&mut self) -> ParseResult<Declaration> {
        let start = self.token().span;
        if self.at(TokenKind::Identifier) {
            return self.constant_declaration();
        }
        self.operator_declaration(start, "Identifier Declaration, prefix op, _ or )")
    }

    /// `INSTANCE M WITH a <- e, ...` (the `LOCAL` was consumed by the caller).
    pub(crate) fn instance(&mut self, local: bool) -> ParseResult<Instance> {
        let start = self.expect_keyword(Keyword::Instance, "INSTANCE")?;
        let module = self.module_name_token()?;
        let mut substitutions = Vec::new();
        if self.eat(TokenKind::Keyword(Keyword::With))? {
            substitutions.push(self.substitution()?);
            while self.at(TokenKind::Comma) && self.kind_at(2) == TokenKind::LeftArrow {
                self.bump()?;
                substitutions.push(self.substitution()?);
            }
        }
        Ok(Instance { local, module, substitutions, span: self.span_from(start.span) })
    }

    fn substitution(&mut self) -> ParseResult<Substitution> {
        let start = self.token();
        let target = match self.next() {
            Next::Token(TokenKind::Identifier) => self.expect_identifier("Identifier")?,
            Next::Token(TokenKind::Operator(_)) => {
                let token = self.bump()?;
                self.name_of(token)
            }
            _ => return Err(self.unexpected("Identifier or operator")),
        };
        self.expect(TokenKind::LeftArrow, "<-")?;
        let value = self.operator_or_expression()?;
        Ok(Substitution { target, value, span: self.span_from(start.span) })
    }

    /// `ASSUME e`, `ASSUMPTION name == e`, `AXIOM e`.
    fn assumption(&mut self) -> ParseResult<Unit> {
        let start = self.bump()?;
        let mut name = None;
        let break_then_name = self.at_definition_break()
            && self.kind_at(0) == TokenKind::Identifier
            && self.kind_at(1) == TokenKind::DefEq;
        let plain_name = !self.at_definition_break()
            && self.at(TokenKind::Identifier)
            && self.kind_at(1) == TokenKind::DefEq;
        if break_then_name || plain_name {
            self.eat_definition_break();
            name = Some(self.expect_identifier("Identifier")?);
            self.expect(TokenKind::DefEq, "==")?;
        }
        self.mark_next_definition();
        let body: Expr = self.expression()?;
        Ok(Unit::Assume(Assume { name, body, span: self.span_from(start.span) }))
    }
}
