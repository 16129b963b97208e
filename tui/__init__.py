"""Bergfried's terminal client (Textual). It draws views and sends actions; the engine decides."""
